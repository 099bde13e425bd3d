import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Rendered components do not leak from one test into the next.
afterEach(() => cleanup());
