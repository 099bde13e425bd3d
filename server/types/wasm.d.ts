// Node.js runs WebAssembly, but @types/node 20 leaves declaring it to lib.dom, which the server does not load:
// the two names server/db/pglite-wasm.ts uses.
declare namespace WebAssembly {
  // biome-ignore lint/suspicious/noEmptyInterface: an opaque compiled module, handed to PGlite as is
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
