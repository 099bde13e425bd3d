/** A worker's copy of the run's PostgreSQL template is named `<template>${WORKER_COPY}<pid>` (helpers.ts, global-setup.ts). */
export const WORKER_COPY = '_w';
