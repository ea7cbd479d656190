// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_rtapp.c - libFuzzer/AFL++ target: the rt-app reader
 * (src/loader/rtapp*.c) forced on every input, as sched-sim --format
 * rt-app reads a file; a file it loads is exported back to rt-app
 * (loader/rtapp_export.c), then run and reported as fuzz_trace.c runs a
 * trace (the same code: see its header).  Built by tools/fuzz.sh --target
 * rtapp; seeds: rt-app's examples, the rt-app inputs of the tests.
 */
#define FUZZ_FORMAT	SIM_FORMAT_RTAPP
#include "fuzz_trace.c"
