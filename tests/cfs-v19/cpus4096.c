// SPDX-License-Identifier: GPL-2.0
/*
 * cfs-v19/cpus4096.c - machines of up to 4096 CPUs (issue 15): the loader's
 * bound, a 4096-CPU topology's sched domains, a run on it with every
 * invariant checked, an affinity naming CPU 4095, the cpumask operations
 * bounded by the machine (nr_cpumask_bits) and shared affinity masks, and
 * the memory a task costs.
 *
 * The cfs-v19 policy is included whole (as balance.c does) for its
 * domains and the size of its task_struct.
 */

/* The biggest topology the format allows at 4096 CPUs, as docs give it */
#define TOPO_4096 \
	"{ \"topology\": { \"nodes\": 8, \"packages_per_node\": 2, " \
	"\"cores_per_package\": 64, \"threads_per_core\": 4 } }"

static struct sim_trace *load_text(const char *text, sim_error *err)
{
	return trace_load_string(text, strlen(text), "cpus4096.json", err);
}

/* A trace of one 1 ms task on the machine given as JSON */
static char *one_task_trace(const char *machine)
{
	static char buf[512];

	snprintf(buf, sizeof(buf),
		 "{ \"sched-sim\": 1, \"duration\": \"2ms\", \"machine\": %s, \"scheduler\": {},\n"
		 "  \"tasks\": [ { \"name\": \"a\", \"program\": [ { \"run\": \"1ms\" } ] } ] }\n",
		 machine);
	return buf;
}

START_TEST(test_loader_bound_4096)
{
	sim_error err;
	struct sim_trace *t = load_text(one_task_trace("{ \"cpus\": 4096 }"), &err);

	ck_assert_msg(t, "4096 CPUs refused: %s", err.text);
	ck_assert_int_eq(t->nr_cpus, 4096);
	ck_assert_int_eq(cpus_weight(t->tasks[0].cpus), 4096);
	trace_free(t);

	t = load_text(one_task_trace(TOPO_4096), &err);
	ck_assert_msg(t, "8 x 2 x 64 x 4 refused: %s", err.text);
	ck_assert_int_eq(t->nr_cpus, 4096);
	trace_free(t);

	t = load_text(one_task_trace("{ \"cpus\": 4097 }"), &err);
	ck_assert(t == NULL);
	ck_assert_msg(strstr(err.text, "machine.cpus: 4097 is out of range; "
			     "valid: an integer from 1 to 4096"), "%s", err.text);
	/* 4097 = 17 x 241: a topology one CPU too big */
	t = load_text(one_task_trace("{ \"topology\": { \"nodes\": 17, "
				     "\"packages_per_node\": 1, \"cores_per_package\": 241, "
				     "\"threads_per_core\": 1 } }"), &err);
	ck_assert(t == NULL);
	ck_assert_msg(strstr(err.text, "17 x 1 x 241 x 1 = 4097 CPUs is too many"),
		      "%s", err.text);
}
END_TEST

/* cpulist "4095", "4000-4095" and "0,4095" on 4096 CPUs; 4096 refused */
START_TEST(test_cpulist_names_cpu_4095)
{
	struct cpumask m;
	char why[200], buf[64];

	ck_assert_int_eq(parse_cpulist("4095", 4096, &m, why, sizeof(why)), 0);
	ck_assert_int_eq(cpus_weight(&m), 1);
	ck_assert(cpu_isset(4095, &m) && !cpu_isset(4094, &m));
	ck_assert_int_eq(first_cpu(m), 4095);
	ck_assert_int_eq(cpumask_next(4096 - 64, &m), 4095);
	ck_assert_int_eq(parse_cpulist("0,4000-4095", 4096, &m, why, sizeof(why)), 0);
	ck_assert_int_eq(cpus_weight(&m), 97);
	ck_assert_int_eq(cpus_weight_below(&m, 4000), 1);
	ck_assert_str_eq(format_cpulist(&m, buf, sizeof(buf)), "0,4000-4095");
	ck_assert_int_ne(parse_cpulist("4096", 4096, &m, why, sizeof(why)), 0);
}
END_TEST

/*
 * The bound of mask scans covers every CPU set, and a whole-mask write
 * leaves nothing above it: a mask cleared before the bound grew reads
 * empty after.
 */
START_TEST(test_mask_bound_grows)
{
	struct cpumask a, b;

	memset(&a, 0xa5, sizeof(a));	/* garbage, as on a stack */
	cpus_clear(&a);
	cpu_set(4095, &a);
	ck_assert_int_eq(cpumask_nr_words(), CPUMASK_WORDS);
	ck_assert_int_eq(cpus_weight(&a), 1);
	cpus_setall(&b, 100);
	ck_assert_int_eq(cpus_weight(&b), 100);
	ck_assert(!cpu_isset(100, &b) && cpu_isset(99, &b));
	cpus_and(&b, &b, &a);
	ck_assert(cpus_empty(&b));
}
END_TEST

/* Equal masks are kept once; different ones apart */
START_TEST(test_pool_shares_equal_masks)
{
	struct cpumask_pool *pool = cpumask_pool_new();
	struct cpumask all, one;
	const struct cpumask *p[4];

	ck_assert(pool);
	cpus_setall(&all, 4096);
	cpus_clear(&one);
	cpu_set(4095, &one);
	p[0] = cpumask_intern(pool, &all);
	p[1] = cpumask_intern(pool, &one);
	p[2] = cpumask_intern(pool, &all);
	p[3] = cpumask_intern(pool, p[1]);
	ck_assert(p[0] && p[1] && p[0] != &all);
	ck_assert(p[0] == p[2] && p[1] == p[3] && p[0] != p[1]);
	ck_assert(cpus_equal(p[0], &all) && cpus_equal(p[1], &one));
	for (int i = 0; i < 1000; i++) {
		struct cpumask m;

		cpus_clear(&m);
		cpu_set(i, &m);
		cpu_set(4095 - i, &m);
		ck_assert(cpumask_intern(pool, &m));
	}
	ck_assert_uint_eq(cpumask_pool_size(pool), 2 + 1000);
	cpumask_pool_free(pool);
}
END_TEST

/*
 * 8 nodes x 2 packages x 64 cores x 4 threads: SMT, MC, CPU and NUMA
 * domains with the spans and groups the numbering gives (CPU i and
 * i + 1024 are siblings; core c is in package c / 64, node c / 128).
 */
START_TEST(test_domains_of_4096)
{
	struct sched_topology topo = { 8, 2, 64, 4 };
	struct sched_sysctl sys;
	struct machine *m = calloc(1, sizeof(*m));
	struct sched_domain *sd;
	struct sched_group *g;
	int cpu = 4095, n;

	ck_assert(m);
	sched_sysctl_init(&sys, 4096, 1000);
	ck_assert_int_eq(machine_init(m, 4096, &sys), 0);
	ck_assert_int_eq(build_sched_domains(m, &topo), 0);
	ck_assert_int_eq(m->nr_domains, 4096 * 4);

	/* CPU 4095 is thread 3 of core 1023: package 15, node 7 */
	sd = cpu_rq(m, cpu)->sd;
	ck_assert_str_eq(sd->name, "SMT");
	ck_assert_int_eq(cpus_weight(&sd->span), 4);
	for (int t = 0; t < 4; t++)
		ck_assert(cpu_isset(1023 + 1024 * t, &sd->span));
	for (n = 0, g = sd->groups; n == 0 || g != sd->groups; g = g->next, n++)
		ck_assert_int_eq(cpus_weight(&g->cpumask), 1);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(first_cpu(sd->groups->cpumask), 4095);

	sd = sd->parent;
	ck_assert_str_eq(sd->name, "MC");
	ck_assert_int_eq(cpus_weight(&sd->span), 256);
	for (n = 0, g = sd->groups; n == 0 || g != sd->groups; g = g->next, n++)
		ck_assert_int_eq(cpus_weight(&g->cpumask), 4);
	ck_assert_int_eq(n, 64);

	sd = sd->parent;
	ck_assert_str_eq(sd->name, "CPU");
	ck_assert_int_eq(cpus_weight(&sd->span), 512);
	for (n = 0, g = sd->groups; n == 0 || g != sd->groups; g = g->next, n++)
		ck_assert_int_eq(cpus_weight(&g->cpumask), 256);
	ck_assert_int_eq(n, 2);

	sd = sd->parent;
	ck_assert_str_eq(sd->name, "NUMA");
	ck_assert_int_eq(cpus_weight(&sd->span), 4096);
	for (n = 0, g = sd->groups; n == 0 || g != sd->groups; g = g->next, n++) {
		ck_assert_int_eq(cpus_weight(&g->cpumask), 512);
		ck_assert_uint_eq(g->__cpu_power, 2 * SCHED_LOAD_SCALE);
	}
	ck_assert_int_eq(n, 8);
	ck_assert(sd->parent == NULL);
	/* The same NUMA groups for CPU 0 and CPU 4095, shared as the kernel's:
	 * node 7's (4095's own, first) is followed by node 0's (CPU 0's) */
	ck_assert(sd->groups->next ==
		  cpu_rq(m, 0)->sd->parent->parent->parent->groups);
	machine_destroy(m);
	free(m);
}
END_TEST

/*
 * A run on 8 x 2 x 64 x 4 CPUs with the invariants checked after every
 * event (--check: the policy's, among them that no task is queued or runs
 * outside its affinity, and the engine's): 128 hogs and 128 sleepers, a
 * hog moved to CPUs 4000-4095 by an affinity event, and one task allowed
 * only CPU 4095 that runs 1 ms and exits.  It is forked first, on CPU
 * 4095; exec balancing sends the others to idle CPUs (4095 idle ones for
 * 256 tasks), so it runs alone: 1 ms of CPU, no wait, no migration, gone
 * at 1 ms.  HZ 100 keeps ticks out of the 3 ms (each check walks all 4096
 * runqueues: every event of a ticking 4096-CPU machine would be slow).
 */
START_TEST(test_run_4096_checked)
{
	static const char text[] =
		"{ \"sched-sim\": 1, \"duration\": \"3ms\", \"machine\": " TOPO_4096 ",\n"
		"  \"scheduler\": { \"hz\": 100 },\n"
		"  \"tasks\": [\n"
		"    { \"name\": \"pinned\", \"cpus\": \"4095\", \"program\": [ { \"run\": \"1ms\" } ] },\n"
		"    { \"name\": \"hog\", \"instances\": 128, \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"sleeper\", \"instances\": 128, \"loop\": \"forever\",\n"
		"      \"program\": [ { \"run\": \"300us\" }, { \"sleep\": \"200us\" } ] } ],\n"
		"  \"events\": [ { \"at\": \"500us\", \"do\": \"affinity\", \"task\": \"hog-7\",\n"
		"                \"cpus\": \"4000-4095\" } ] }\n";
	struct sim_options opt = { 0 };
	struct sim_result *r;
	sim_error err;
	struct sim_trace *t = load_text(text, &err);
	const struct sim_task_result *pinned = NULL;

	ck_assert_msg(t, "%s", err.text);
	opt.check_every = 1;	/* --check */
	r = sim_run_trace(t, &opt, &err);
	ck_assert_msg(r, "%s", err.text);
	ck_assert_msg(r->status == SIM_OK, "status %d: %s", r->status, r->error);
	ck_assert_int_eq(r->nr_cpus, 4096);
	for (size_t i = 0; i < r->nr_tasks; i++)
		if (!strcmp(r->tasks[i].name, "pinned"))
			pinned = &r->tasks[i];
	ck_assert(pinned);
	ck_assert_uint_eq(pinned->cpu_ns, 1 * MS);
	ck_assert_uint_eq(pinned->wait_ns, 0);
	ck_assert_uint_eq(pinned->migrations, 0);
	ck_assert(pinned->exited);
	ck_assert_uint_eq(pinned->exit_ns, 1 * MS);
	ck_assert_uint_eq(r->cpus[4095].busy_ns, 1 * MS);
	sim_result_destroy(r);
	trace_free(t);
}
END_TEST

/*
 * Peak RSS of `sched-sim --json` (the built binary, SCHED_SIM) on the
 * trace of n hogs and sleepers, in KiB; the child's own peak (wait4).
 */
static long run_rss_kib(const char *sim, size_t n, const char *machine)
{
	char path[] = "/tmp/test_cpus4096.XXXXXX";
	int fd = mkstemp(path), status;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct rusage ru;
	pid_t pid;

	ck_assert(f);
	fprintf(f, "{ \"sched-sim\": 1, \"duration\": \"20ms\", \"machine\": %s,\n"
		"  \"scheduler\": {},\n"
		"  \"tasks\": [\n"
		"    { \"name\": \"pinned\", \"cpus\": \"0\", \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"hog\", \"instances\": %zu, \"program\": [ { \"run\": \"forever\" } ] },\n"
		"    { \"name\": \"sleeper\", \"instances\": %zu, \"loop\": \"forever\",\n"
		"      \"program\": [ { \"run\": \"1ms\" }, { \"sleep\": \"2ms\" } ] } ] }\n",
		machine, n / 2, n / 2);
	ck_assert(fclose(f) == 0);
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		freopen("/dev/null", "w", stdout);
		execl(sim, sim, "--json", path, (char *)NULL);
		_exit(127);
	}
	ck_assert(wait4(pid, &status, 0, &ru) == pid);
	unlink(path);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "%s exited with status %d", sim, status);
	return ru.ru_maxrss;
}

/*
 * Memory per task at 10,000 tasks, on 64 and on 4096 CPUs: peak RSS of
 * 10,016 tasks minus that of 16, over 10,000.  The bound comes from the
 * structures a task has for the whole run: cfs-v19's task_struct, the
 * engine's sim_task, the trace's trace_task and the result's
 * sim_task_result, plus 512 bytes for what is allocated per task besides
 * (its name, latency histogram bands, the allocator's headers, the JSON
 * writer's and loader's share).  That sum must itself stay under issue
 * 15's 2 KB per task; three 4096-bit masks held per task (1.5 KB) would
 * break both.  A floor shows the measurement is real.
 */
START_TEST(test_memory_per_task)
{
	const char *sim = getenv("SCHED_SIM");
	size_t structs = sizeof(struct task_struct) + sizeof(struct sim_task) +
			 sizeof(struct trace_task) + sizeof(struct sim_task_result);
	size_t bound = structs + 512;
	const char *machines[] = { "{ \"cpus\": 64 }", TOPO_4096 };

	if (!sim || access(sim, X_OK)) {
		fprintf(stderr, "test_memory_per_task: skipped: SCHED_SIM "
			"(the built sched-sim) is not set\n");
		return;
	}
	ck_assert_uint_lt(sizeof(struct task_struct), sizeof(struct cpumask));
	ck_assert_uint_lt(sizeof(struct sim_task), sizeof(struct cpumask));
	ck_assert_uint_lt(sizeof(struct trace_task), sizeof(struct cpumask));
	ck_assert_msg(bound < 2048, "per-task structures %zu + 512 bytes: over 2 KB",
		      structs);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	/* A sanitizer's allocator pads and keeps freed blocks: its RSS
	 * says nothing of the structures (test_limits.c counts its heap) */
	fprintf(stderr, "test_memory_per_task: skipped: a sanitizer build "
		"(%s)\n", sim);
	(void)machines;
	return;
#endif
	for (int i = 0; i < 2; i++) {
		long small = run_rss_kib(sim, 16, machines[i]);
		long big = run_rss_kib(sim, 10016, machines[i]);
		double per = (double)(big - small) * 1024.0 / 10000.0;

		fprintf(stderr, "test_memory_per_task: %s: peak RSS %ld KiB with "
			"16 tasks, %ld KiB with 10,016: %.0f bytes per task "
			"(structures %zu, bound %zu)\n", machines[i], small, big,
			per, structs, bound);
		ck_assert_msg(per >= (double)structs / 2,
			      "%.0f bytes per task, below half the structures' %zu: "
			      "the measurement is wrong", per, structs);
		ck_assert_msg(per <= (double)bound, "%.0f bytes per task, over "
			      "%zu (structures %zu + 512)", per, bound, structs);
	}
}
END_TEST

static Suite *cpus4096_suite(void)
{
	Suite *s = suite_create("cpus4096");
	TCase *masks = tcase_create("masks");
	TCase *machine = tcase_create("machine");

	tcase_add_test(masks, test_loader_bound_4096);
	tcase_add_test(masks, test_cpulist_names_cpu_4095);
	tcase_add_test(masks, test_mask_bound_grows);
	tcase_add_test(masks, test_pool_shares_equal_masks);
	suite_add_tcase(s, masks);
	/* seconds, times CK_TIMEOUT_MULTIPLIER (4 under ASan) */
	tcase_set_timeout(machine, 120);
	tcase_add_test(machine, test_domains_of_4096);
	tcase_add_test(machine, test_run_4096_checked);
	tcase_add_test(machine, test_memory_per_task);
	suite_add_tcase(s, machine);
	return s;
}

