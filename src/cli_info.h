/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_info.h - what sched-sim says about itself: --version, the tunables
 * as Markdown (docs/tunables.md), and where its documentation is.
 */
#ifndef CLI_INFO_H
#define CLI_INFO_H

#include <stddef.h>

/* --version: the command's and the library's versions, the policies. */
void print_version(void);

/*
 * --list-tunables --markdown [POLICY]: every policy's (or POLICY's)
 * tunables as a Markdown document, docs/tunables.md.  0, or 2 for an
 * unknown POLICY (with a message).
 */
int print_tunables_markdown(const char *policy);

/*
 * The path of FILE of the documentation ("trace-format.md"): the
 * installed copy beside the running command (BINDIR/../share/doc/
 * sched-sim/FILE), else the source tree's (build/../docs/FILE), else
 * "docs/FILE".  In buf.
 */
const char *doc_path(const char *file, char *buf, size_t len);

#endif /* CLI_INFO_H */
