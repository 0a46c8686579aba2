"""Developer tooling that never ships to Discord: fakes and helpers for local runs and tests."""
