/* gen_results.c - writes a synthetic results.json of a chosen shape to
 * stdout, for the benchmark of the largest accepted input
 * (tests/bench_hostile.sh) and the suite's files just past a limit
 * (tests/run.sh): files that size are generated, not committed.
 *
 *   gen_results [KEY=VALUE ...] > results.json
 *
 * Keys (defaults: the shape of a default run, 162 rows):
 *   rows        rows                                        162
 *   variants    descriptions in the variants table; row i
 *               measures variant i % variants                 27
 *   experiments experiments; every row names one               3
 *   devices     devices; row i ran on device i % devices       1
 *   sizes       distinct sizes (n) per experiment: ladders     6
 *   samples     timed samples per row                         20
 *   columns     counter columns per row                       24
 *   distinct    distinct column names in the file (at least
 *               columns)                                columns
 *   kernels     kernels per row                                4
 *   values      raw counter values per kernel                 25
 *   text        bytes of each long text (about, message)     200
 *   source      bytes of the experiment file's text         1000
 *   gpus        distinct GPU models among the devices          1
 *   seed        of the samples and counter values (two files to
 *               compare differ in it)                           1
 *
 * Every row is an ok float row of family reduce, so the signatures are
 * checked (each variant has an expect line against its predecessor) and
 * every row draws; rows of one experiment and size form a ladder.
 * Deterministic: the same arguments give the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape {
	const char *key;
	long value;
};

static struct shape shape[] = {
	{ "rows", 162 }, { "variants", 27 }, { "experiments", 3 },
	{ "devices", 1 }, { "sizes", 6 }, { "samples", 20 },
	{ "columns", 24 }, { "distinct", -1 }, { "kernels", 4 },
	{ "values", 25 }, { "text", 200 }, { "source", 1000 },
	{ "gpus", 1 }, { "seed", 1 },
};

static long get(const char *key)
{
	for (size_t i = 0; i < sizeof(shape) / sizeof(shape[0]); i++)
		if (strcmp(shape[i].key, key) == 0)
			return shape[i].value;
	abort();
}

static unsigned long long rng = 0x2545f4914f6cdd1dull;

/* A uniform number in [0, 1). */
static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* A JSON string of `len` bytes of plain text. */
static void text(const char *prefix, long len)
{
	static const char words[] = "the kernel reads its tile of the input ";
	long n = (long)strlen(prefix);

	printf("\"%s", prefix);
	for (long i = n; i < len; i++)
		putchar(words[i % (long)(sizeof(words) - 1)]);
	putchar('"');
}

static void environment(long d)
{
	printf("{\"gpu_name\": \"GPU model %ld\", \"cc_major\": 9, "
	       "\"cc_minor\": 0, \"sm_count\": 132, \"mem_bus_width_bits\": "
	       "5120, \"mem_clock_khz\": 2619000, \"peak_gbps\": 3352.32, "
	       "\"sm_clock_khz\": 1980000, \"l2_bytes\": 52428800, "
	       "\"global_mem_bytes\": 85017493504, \"gpu_uuid\": "
	       "\"GPU-%08ld\", \"driver_version\": 13000, "
	       "\"runtime_version\": 13000, \"hostname\": \"node%ld\", "
	       "\"os\": \"Linux\"", d % get("gpus"), d, d / 8);
}

static void header(void)
{
	long ndev = get("devices");

	printf("{\n\"schema\": \"culab-results\",\n\"schema_version\": 2,\n"
	       "\"culab\": {\"version\": \"0.1.0\", \"commit\": \"generated\"},\n"
	       "\"status\": \"complete\",\n\"command\": \"gen_results\",\n"
	       "\"started\": \"2026-11-22T04:39:21Z\",\n"
	       "\"finished\": \"2026-11-22T04:39:29Z\",\n\"note\": null,\n"
	       "\"source\": {\"path\": \"generated.yaml\", \"sha256\": "
	       "\"0000000000000000000000000000000000000000000000000000000000000000\", "
	       "\"text\": ");
	text("# generated\\n", get("source"));
	printf("},\n\"counters_method\": null,\n\"clocks_locked\": null,\n"
	       "\"environment\": ");
	environment(0);
	printf("},\n\"devices\": [\n");
	for (long d = 0; d < ndev; d++) {
		environment(d);
		printf(", \"cuda_device\": %ld}%s\n", d % 8,
		       d + 1 < ndev ? "," : "");
	}
	printf("],\n");
}

static void experiments(void)
{
	long n = get("experiments");

	printf("\"experiments\": [\n");
	for (long e = 0; e < n; e++) {
		printf("{\"name\": \"exp%ld\", \"description\": ", e);
		text("", get("text"));
		printf(", \"family\": \"reduce\", \"warmup\": 1, \"repeats\": "
		       "%ld, \"seed\": 1, \"l2_flush\": true, \"counters\": "
		       "[\"default\"], \"repeats_auto\": null}%s\n",
		       get("samples"), e + 1 < n ? "," : "");
	}
	printf("],\n");
}

static void variants(void)
{
	long n = get("variants");

	printf("\"variants\": [\n");
	for (long v = 0; v < n; v++) {
		printf("{\"name\": \"v%ld\", \"family\": \"reduce\", "
		       "\"step\": %ld, \"title\": \"variant %ld\", "
		       "\"title_zh\": null, \"about_en\": ", v, v + 1, v);
		text("", get("text"));
		printf(", \"about_zh\": null, \"seed\": null, \"signature\": "
		       "\"fewer conflicts\", \"signature_zh\": null, "
		       "\"expect\": [{\"column\": \"c0\", \"op\": \"<=\", "
		       "\"value\": 1.0, \"than\": ");
		if (v)
			printf("\"v%ld\"", v - 1);
		else
			printf("null");
		printf(", \"types\": null, \"min_side\": 0}], \"types\": "
		       "[\"int\", \"float\", \"double\"], \"flags\": [\"block\"], "
		       "\"block_default\": 256, \"block_min\": 1, "
		       "\"block_max\": 1024, \"timed_region\": \"one launch\", "
		       "\"sanitizer\": null, \"bytes_model\": null, "
		       "\"source\": null}%s\n", v + 1 < n ? "," : "");
	}
	printf("],\n");
}

static void timing(void)
{
	long n = get("samples");
	double sum = 0, lo = 1e9, hi = 0, x;

	printf("\"timing\": {\"warmup\": 1, \"samples_ms\": [");
	for (long s = 0; s < n; s++) {
		x = 0.01 + 0.001 * uniform();
		sum += x;
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
		printf("%s%.6g", s ? "," : "", x);
	}
	if (!n)
		lo = hi = sum = 0;
	printf("], \"median_ms\": %.6g, \"min_ms\": %.6g, \"max_ms\": %.6g, "
	       "\"mean_ms\": %.6g, \"stdev_ms\": 0.0003, \"noise_pct\": 3.0, "
	       "\"stop\": \"count\"}", n ? sum / (double)n : 0, lo, hi,
	       n ? sum / (double)n : 0);
}

static void counters(long row)
{
	long ncol = get("columns"), nd = get("distinct"), nk = get("kernels"),
	     nv = get("values");

	printf("\"counters\": {\"status\": null, \"columns\": {");
	for (long c = 0; c < ncol; c++)
		printf("%s\"c%ld\": %.6g", c ? ", " : "",
		       (row * ncol + c) % nd, 1000 * uniform());
	printf("}, \"kernels\": [");
	for (long k = 0; k < nk; k++) {
		printf("%s{\"label\": \"row%ld#%ld\", \"kernel\": \"kernel\", "
		       "\"theoretical_occupancy_pct\": 100.0, \"names\": [",
		       k ? ", " : "", row, k);
		for (long v = 0; v < nv; v++)
			printf("%s\"m%ld.sum\"", v ? "," : "", v);
		printf("], \"values\": [");
		for (long v = 0; v < nv; v++)
			printf("%s%.6g", v ? "," : "", 1e6 * uniform());
		printf("]}");
	}
	printf("]}");
}

static void rows(void)
{
	long n = get("rows"), nv = get("variants"), ns = get("sizes"),
	     ne = get("experiments"), nd = get("devices");

	printf("\"rows\": [\n");
	for (long i = 0; i < n; i++) {
		long v = i % nv, s = (i / nv) % ns, e = (i / nv / ns) % ne;

		printf("{\"experiment\": \"exp%ld\", \"family\": \"reduce\", "
		       "\"variant\": \"v%ld\", \"step\": %ld, \"dtype\": "
		       "\"float\", \"n\": %ld, \"m\": 1, \"block\": 256, "
		       "\"status\": \"ok\", \"message\": ", e, v, v + 1,
		       1024 * (s + 1));
		text("", get("text"));
		printf(", \"verified\": true, \"error\": 0.0, \"tolerance\": "
		       "0.001, \"timed_region\": \"one launch\", \"timer\": "
		       "\"cuda-events\", ");
		timing();
		printf(", \"bytes\": %ld, \"gbps\": 300.5, \"pct_peak\": 9.0, ",
		       4096 * (s + 1));
		counters(i);
		printf(", \"sanitizer\": null, \"resources\": {\"known\": false, "
		       "\"why\": \"generated\"}, \"clocks\": {\"known\": false, "
		       "\"why\": \"generated\"}, \"device\": %ld, \"stage\": %ld}%s\n",
		       i % nd, i, i + 1 < n ? "," : "");
	}
	printf("]\n}\n");
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		size_t k, len = eq ? (size_t)(eq - argv[i]) : 0;
		char *end;

		for (k = 0; eq && k < sizeof(shape) / sizeof(shape[0]); k++)
			if (strlen(shape[k].key) == len &&
			    !strncmp(shape[k].key, argv[i], len))
				break;
		if (!eq || k == sizeof(shape) / sizeof(shape[0])) {
			fprintf(stderr, "gen_results: error: unknown argument "
				"\"%s\" (KEY=VALUE; see the source)\n", argv[i]);
			return 2;
		}
		shape[k].value = strtol(eq + 1, &end, 10);
		if (*end || shape[k].value < 0) {
			fprintf(stderr, "gen_results: error: \"%s\" needs a "
				"count\n", argv[i]);
			return 2;
		}
	}
	/* a row's names are consecutive modulo distinct: never repeated */
	if (get("distinct") < get("columns"))
		shape[7].value = get("columns");
	if (get("variants") < 1 || get("experiments") < 1 ||
	    get("devices") < 1 || get("sizes") < 1 || get("distinct") < 1 ||
	    get("gpus") < 1) {
		fprintf(stderr, "gen_results: error: variants, experiments, "
			"devices, sizes, distinct and gpus must be at least 1\n");
		return 2;
	}
	rng += 0x9e3779b97f4a7c15ull * (unsigned long long)get("seed");
	header();
	experiments();
	variants();
	rows();
	return 0;
}
