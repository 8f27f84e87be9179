//! Integration tests for packed live in the test targets of this package.
