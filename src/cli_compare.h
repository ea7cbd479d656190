/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_compare.h - the compare subcommand of the sched-sim command
 * (src/cli_compare.c), which main() in src/cli.c hands its arguments to.
 */
#ifndef SCHEDSIM_CLI_COMPARE_H
#define SCHEDSIM_CLI_COMPARE_H

/* sched-sim compare ...: argv[0] is "compare".  Returns the exit status. */
int compare_main(int argc, char **argv);

#endif /* SCHEDSIM_CLI_COMPARE_H */
