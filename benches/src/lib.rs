//! Shared data sets for the packed benchmarks.
