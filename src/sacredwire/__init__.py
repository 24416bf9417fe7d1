"""Sacred Wire 28 rulebook toolchain: content -> model -> check -> HTML -> PDF."""
