/* cmd_cluster.c - the subcommands that go beyond one GPU: `culab merge`
 * (shards' results made one, with their report).  Rows of main.c's
 * command table; see cli.h. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "diag.h"
#include "exitcode.h"
#include "merge.h"
#include "output.h"
#include "report.h"
#include "util.h"

/* ---- culab merge -------------------------------------------------------------- */

/* Writes the merged results and their report into dir. */
static int merge_write(const char *dir, const struct results *r,
		       const struct report_options *ro, bool report, bool quiet)
{
	size_t ok = 0;

	if (mkdir_p(dir) < 0 || access(dir, W_OK) != 0)
		return diag_error("cannot create output directory \"%s\": %s",
				  dir, strerror(errno ? errno : EACCES)),
		       EXIT_USAGE;
	if (output_save(dir, r) < 0)
		return EXIT_FAILED;
	if (report && r->nrows && output_report(dir, r, ro) < 0)
		return EXIT_FAILED;
	for (size_t i = 0; i < r->nrows; i++)
		ok += r->rows[i].status == ROW_OK;
	if (!quiet) {
		printf("culab merge: %zu measurements (%zu verified) from %zu "
		       "device%s, status %s; results in %s/results.json\n",
		       r->nrows, ok, r->ndevices, r->ndevices == 1 ? "" : "s",
		       r->status ? r->status : "?", dir);
		if (report && r->nrows)
			printf("culab merge: report: %s/report.en.md, "
			       "%s/report.zh.md\n", dir, dir);
	}
	return EXIT_OK;
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "partial", no_argument, NULL, 'p' },
		{ "plans", no_argument, NULL, 'P' },
		{ "no-report", no_argument, NULL, 'R' },
		{ "lang", required_argument, NULL, 'L' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	struct merge_options mo = { .command = cli_command_line() };
	struct report_options ro;
	struct results r;
	const char *dir = NULL;
	bool plans = false, report = true, quiet = false;
	int ch, rc;

	report_options_init(&ro);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o': dir = optarg; break;
		case 'p': mo.partial = true; break;
		case 'P': plans = true; break;
		case 'R': report = false; break;
		case 'L':
			if (report_lang_parse(optarg, &ro.langs) < 0)
				return cli_usage_error("merge", "unknown language "
						       "\"%s\" (known: en, zh, "
						       "both)", optarg);
			break;
		case 'q': quiet = true; break;
		case 'h': cli_help("merge", stdout); return EXIT_OK;
		default: return cli_usage_error("merge", "unknown option");
		}
	}
	if (optind >= argc)
		return cli_usage_error("merge", "merge needs at least one file");
	if (plans) {
		if (dir || mo.partial)
			return cli_usage_error("merge", "--plans checks plans "
					       "and writes nothing: no -o, no "
					       "--partial");
		return merge_plans(argv + optind, (size_t)(argc - optind)) < 0 ?
		       EXIT_USAGE : EXIT_OK;
	}
	if (!dir)
		return cli_usage_error("merge", "merge needs -o DIR, where the "
				       "merged results go");
	if (merge_files(argv + optind, (size_t)(argc - optind), &mo, &r) < 0)
		return EXIT_USAGE;
	rc = merge_write(dir, &r, &ro, report, quiet);
	results_release(&r);
	return rc;
}
