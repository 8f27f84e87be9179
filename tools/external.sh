# Sourced by the scripts that need tools from outside the workspace: the shell side of
# the one switch in fixtures/src/external.rs. Under CI (CI set to anything but empty,
# 0 or false: CI services set CI=true, .ci/run exports it) a missing tool is an error;
# elsewhere the step is skipped with a note.

under_ci() {
    case "${CI:-}" in
        "" | 0 | false) return 1 ;;
        *) return 0 ;;
    esac
}

# missing_tool STEP REASON SETUP: under CI prints the failure and exits 1; elsewhere
# prints the note and exits 0 (the step is skipped).
missing_tool() {
    if under_ci; then
        echo "$1: FAILED: $2; under CI (CI is set) this step must run. $3" >&2
        exit 1
    fi
    echo "note: $1: SKIPPED: $2. $3 (Under CI, CI=true, this is an error.)" >&2
    exit 0
}
