"""What the build writes: files relative to an output folder."""
