//! WebAssembly bindings of Robots Lens.
