// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_run_outputs.c - libFuzzer/AFL++ target: the trace loader, then a
 * short run with the output writers on, as sched-sim --ftrace FILE
 * --series INTERVAL --series-out FILE --phases --placement --stats --json
 * (the ftrace writer to a memory stream, the series CSV and the reports
 * to /dev/null; events bounded).  The same code as fuzz_trace.c (see its
 * header, FUZZ_OUTPUTS).  Built by tools/fuzz.sh --target run-outputs.
 */
#define FUZZ_OUTPUTS	1
#include "fuzz_trace.c"
