/* report_int.h - what the files of the report (report_render.c and report_*.c,
 * listed in report_render.c) share, and nothing else includes: the analysis
 * model's types, the message keys and the helpers each file lends the
 * others.  Sections are named for the file that implements them.
 * report.h is the report's contract with the rest of culab; this header
 * may change with any of these files. */
#ifndef CULAB_REPORT_INT_H
#define CULAB_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compare/floor.h"
#include "run/run.h"
#include "base/stats.h"
#include "base/util.h"

struct metric_alias;
struct metric_column_def;
struct plot_set;
struct compare;
struct sig_check;
struct variant;

/* ---- formatting (report_fmt.c) ---------------------------------------- */

/* s, or "" for NULL. */
static inline const char *S(const char *s)
{
	return s ? s : "";
}

/* Appends s (NULL: nothing) Markdown-escaped for inline use (paragraphs,
 * list items, table cells): no line breaks, no table pipes, no HTML, no
 * emphasis, links, code spans, headings or math.  For text that comes
 * from results files. */
void md_text(struct sbuf *b, const char *s);

/* md_text into a fresh heap string (for message arguments); the caller
 * frees it. */
char *md_dup(const char *s);

/* A small pool of escaped strings that lives as long as one sentence.
 * It starts empty ({ .n = 0 }); pool_release() frees what it holds. */
struct pool {
	char *s[12];
	size_t n;
};

/* s escaped by md_text(), held by the pool until pool_release(); "" when
 * the pool is full. */
const char *pool_md(struct pool *p, const char *s);

/* Heap string s, now held by the pool until pool_release(); when the pool
 * is full s is freed at once and "" returned. */
const char *pool_keep(struct pool *p, char *s);

/* Frees every string the pool holds and empties it. */
void pool_release(struct pool *p);

/* Numbers, written into buf[size]; each returns buf.  "—" for a value
 * that is not finite (fmt_sig, fmt_times).
 * fmt_sig: `sig` significant digits in plain notation, thousands
 *   separated by commas from 10,000 up ("12,345", "0.1095"); from 1e6
 *   an SI prefix ("39.4 M", "1.20 G"); below 1e-6 an exponent;
 * fmt_pct: a percentage, two decimals below 10, else one;
 * fmt_times: a speedup with three significant digits and never fewer
 *   than two decimals below 10, "4.00×", "13.8×", "138×", "1,234×",
 *   "0.956×", "0.00393×" (never "0.00×": a slowdown keeps its digits);
 * fmt_bytes: bytes in decimal units, "512 B", "1.50 MB". */
const char *fmt_sig(char *buf, size_t size, double v, int sig);
const char *fmt_pct(char *buf, size_t size, double v);
const char *fmt_times(char *buf, size_t size, double v);
const char *fmt_bytes(char *buf, size_t size, double v);
/* A ratio as fmt_times() writes it, with `extra` more decimals and
 * `suffix` after it ("" for the ends of an interval). */
const char *fmt_ratio(char *buf, size_t size, double v, int extra,
		      const char *suffix);

/* Two ratios x and y as fmt_times() writes them, into xb and yb (each
 * FMT_SIZE), with one more decimal where that tells them apart ("1.035×"
 * beside "1.045×", not two "1.04×"); two that agree to four digits are
 * written alike, as the same to a reader ("1.28×" and "1.28×"). */
void fmt_times_apart(char *xb, char *yb, double x, double y);
/* Whether factor f covers a step of factor x: at least x, or the same
 * to the three digits a reader sees (f = 1.2848 for x = 1.2846), so
 * that "as large as the step" and "1.28× for a 1.28× step" agree. */
static inline bool factor_covers(double f, double x)
{
	return f >= x * (1 - 0.005);
}

/* The same into a buffer that lives until the end of the enclosing block,
 * for message arguments and cells. */
#define FMT_SIZE 48
#define FMT(v, sig) fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v), (sig))
#define PCT(v) fmt_pct((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))
#define TIMES(v) fmt_times((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))

/* A size as a heap string, which the caller frees: "n = 2^22" for a
 * reduction, "4096 × 4096" for a matrix ("4096 x 4096" with `ascii`, for
 * charts, whose fonts are ASCII).  size_text() is the Markdown one. */
char *size_text_as(uint64_t n, uint64_t m, bool matrix, bool ascii);
char *size_text(uint64_t n, uint64_t m, bool matrix);

/* Appends a Markdown table row of cells[0..n), or the rule under the
 * head row (right[i]: column i is right-aligned). */
void table_row(struct sbuf *b, const char *const *cells, size_t n);
void table_rule(struct sbuf *b, const bool *right, size_t n);

/* Ends a block's last line: blocks carry no trailing newline, so that a
 * template decides the spacing around them.  Drops trailing newlines and
 * spaces. */
void block_trim(struct sbuf *b);

/* ---- the message catalogue (report_msg.c) ----------------------------- */

enum lang { EN, ZH, NLANG };

/* The report's sentences, headings and words: one row of the catalogue
 * each, in every language. */
enum msg {
	M_TITLE,
	M_ABS_INTRO, M_ABS_DATE, M_ABS_FAILED, M_ABS_STATUS, M_ABS_NOTE,
	M_ABS_LINE, M_ABS_LINE_PEAK, M_ABS_NONE,
	M_ENV_NONE, M_ENV_ITEM, M_ENV_VALUE, M_ENV_GPU, M_ENV_CC, M_ENV_SMS,
	M_ENV_BUS, M_ENV_MEMCLK, M_ENV_PEAK, M_ENV_PEAK_HOW, M_ENV_SMCLK,
	M_ENV_LOCKED_HEAD, M_ENV_LOCKED,
	M_ENV_L2, M_ENV_GMEM, M_ENV_UUID, M_ENV_DRIVER, M_ENV_RUNTIME,
	M_ENV_HOST, M_ENV_OS, M_ENV_CULAB, M_ENV_DEVICES, M_ENV_DEVICE,
	M_ENV_ROWS, M_UNKNOWN,
	M_METH_TIMING, M_METH_EXP_HEAD, M_METH_EXPERIMENT, M_METH_FAMILY,
	M_METH_WARMUP, M_METH_REPEATS, M_METH_L2, M_METH_SEED, M_METH_COUNTERS,
	M_METH_DESC, M_YES, M_NO, M_NONE, M_METH_REGION_HEAD, M_METH_VARIANT,
	M_METH_TIMER, M_METH_REGION, M_METH_TIMER_EVENTS, M_METH_TIMER_HOST,
	M_METH_L2_TEXT, M_METH_CHECK, M_METH_CTR, M_METH_SPEEDUP,
	M_GLOSS_COLS, M_GLOSS_COL, M_GLOSS_COL_NOUNIT, M_LIST_SEP, M_GLOSS_RAW,
	M_STEP_HEAD, M_STEP_SIGNATURE, M_STEP_REGION, M_STEP_FLAGS,
	M_STEP_UNSAFE, M_STEP_SANITIZER, M_STEP_SEED, M_STEP_SOURCE,
	M_STEP_UNKNOWN,
	M_ROLE_RUNG, M_ROLE_USER, M_ROLE_CEILING, M_ROLE_COPY, M_ROLE_BASELINE,
	M_ROLE_REFERENCE,
	M_LADDER_HEAD, M_LADDER_EXP,
	M_COL_RUNG, M_COL_VARIANT, M_COL_TITLE, M_COL_BLOCK, M_COL_TIME,
	M_COL_NOISE, M_COL_GBPS, M_COL_PEAK, M_COL_COPY, M_COL_STEP, M_COL_CUM,
	M_COL_VERIFIED, M_COL_SANITIZER, M_COL_HARRIS,
	M_COL_REGS, M_COL_SMEM, M_COL_LOCAL, M_COL_OCC,
	M_CELL_SMEM_DYN, M_CELL_SPILLS, M_CELL_OCC, M_CELL_TIME_CI,
	M_CELL_OUTLIER, M_CELL_OUTLIERS, M_CELL_THROTTLED, M_NOTE_THROTTLED,
	M_LIM_NONE, M_LIM_WARPS, M_LIM_BLOCKS, M_LIM_REGISTERS, M_LIM_SHARED,
	M_NOTE_RES, M_NOTE_RES_UNKNOWN,
	M_CELL_EXACT, M_CELL_TOL, M_CELL_WRONG, M_CELL_ERROR, M_CELL_HUNG,
	M_CELL_SKIPPED,
	M_CELL_UNVERIFIED, M_CELL_NOTIME, M_CELL_NOT_RUN, M_CELL_MISSING,
	M_CELL_NA,
	M_NOTE_MISSING, M_NOTE_NA, M_NOTE_FIRST, M_NOTE_BUDGET, M_NOTE_MAX,
	M_METH_AUTO,
	M_CH_HEAD, M_CH_TIME, M_CH_BW, M_CH_LADDER, M_CH_LADDER_AGAIN,
	M_CH_COUNTERS,
	M_CH_TRANSPOSE, M_CH_FILES, M_CH_RERUN, M_CH_OFF, M_CH_FAILED,
	M_CH_PENDING, M_CH_NONE, M_CH_LADDER_CEIL, M_CH_AXIS_TIME,
	M_CH_AXIS_STEP, M_CH_KEY_CEILING, M_CH_ROW_USER,
	M_F_HEAD, M_F_FASTER, M_F_SLOWER, M_F_STEP, M_F_BETTER, M_F_WORSE,
	M_F_CHECKS,
	M_F_MET, M_F_NOT_MET, M_F_UNCHECKED, M_F_FAILED, M_F_SKIPPED,
	M_F_OVERALL, M_F_PEAK, M_F_CEILING, M_F_BASELINE, M_F_SMALL,
	M_F_ONE_RUNG,
	M_H_INTRO, M_H_KERNEL, M_H_TECHNIQUE, M_H_MS, M_H_GBPS, M_H_PEAK,
	M_H_STEP, M_H_CUM, M_H_OURS, M_H_OURS_MS, M_H_OURS_GBPS, M_H_OURS_STEP,
	M_H_AT, M_H_SOURCE,
	M_FAIL_LINE,
	M_U_INTRO, M_U_HEAD, M_U_STAGE, M_U_BLOCK, M_U_TIME, M_U_PEAK,
	M_U_CI, M_U_CEIL, M_U_BETWEEN, M_U_FASTEST, M_U_SLOWEST, M_U_NO_RUNGS,
	M_U_NOISE, M_U_RUNG, M_U_NOT_HERE, M_U_LIST, M_U_FAILED, M_U_NOT_RUN, M_U_DIAG,
	M_U_FIX_AT, M_U_EVIDENCE, M_U_EV_NEAR, M_U_EV_FACTOR, M_U_EV_SLOW,
	M_U_EV_OCC, M_U_EV_OCC_REF, M_U_SEVERAL, M_U_CLEAR, M_U_NONE,
	M_U_CANT, M_U_OWN, M_U_OWN_RES, M_U_NO_COUNTERS, M_U_NEED,
	M_R_COMMAND, M_R_NO_COMMAND, M_R_VERSION, M_R_SOURCE, M_R_TIMES,
	M_R_RERUN,
	M_B_BASE, M_B_NEW, M_B_THIS_RUN, M_B_SIDE, M_B_NOT_RECORDED, M_B_CROSS,
	M_B_BOARDS, M_B_SAME_GPU, M_B_NO_GPU, M_B_ENV_HEAD, M_B_ENV_NONE,
	M_B_F_VERSION, M_B_F_COMMIT, M_B_F_FILE, M_B_F_SHA, M_B_METHOD,
	M_B_COUNTS, M_B_COL_TYPE, M_B_COL_SIZE, M_B_COL_MS, M_B_COL_RATIO,
	M_B_COL_CI, M_B_COL_VERDICT, M_B_COL_CTRS,
	M_B_V_SAME, M_B_V_FASTER, M_B_V_SLOWER, M_B_V_UNKNOWN,
	M_B_WHY_FAILED, M_B_WHY_FEW, M_B_WHY_RANKS, M_B_ONLY, M_B_CHART,
	/* r17-zh */
	M_METH_CHECK_FLOAT, M_METH_CHECK_OLD,
	M_WHY_CPU, M_WHY_CTR_CPU, M_WHY_CTR_NONE, M_WHY_COPIES,
	M_WHY_NOT_WATCHED, M_WHY_OLD,
	M_RUN_COMPLETE, M_RUN_RUNNING, M_RUN_INTERRUPTED, M_RUN_ABORTED,
	M_METH_WARP,
	M_UREGION_HOST, M_UREGION_RELAUNCH, M_UREGION_ATOMIC, M_UREGION_ONE,
	/* r17-html */
	M_R_PASTE, M_R_PASTE_NOCOMMIT, M_R_ALT, M_R_PROV, M_R_PROV_HOST,
	M_R_PROV_NOTE,
	/* r17-tables */
	M_COL_SPREAD, M_COL_RUNS, M_COL_STEP_CI, M_COL_CUM_CI, M_NOTE_VERDICT,
	M_CTR_HEAD, M_APX_LADDER,
	M_APX_CTRS, M_APX_REGIONS, M_METH_TIMERS, M_LADDER_MORE,
	/* r17-findings */
	M_F_TEACH_SLOWER, M_F_TEACH_SAN, M_F_SMS_UNKNOWN,
	M_H_OURS_PEAK, M_H_OURS_CUM, M_H_TOTAL, M_H_WHY, M_H_LESSON_SLOWER,
	M_H_LESSON_FASTER,
	M_C_STEPS, M_C_HEAD, M_C_STEP, M_C_STEP_CTRS, M_C_GAP, M_C_GAP_PEAK, M_C_LEFT,
	M_RB_OBS_SLOWER,
	M_RB_INTRO, M_RB_COL_HYP, M_RB_COL_OBS, M_RB_COL_SPEED, M_RB_COL_SIG,
	M_RB_COL_LIMIT, M_RB_H_FIRST, M_RB_H_FASTER, M_RB_H_TEACH, M_RB_OBS,
	M_RB_MET, M_RB_NOT_MET, M_RB_SAME, M_RB_UNKNOWN, M_RB_SIG_ALL,
	M_RB_SIG_SOME, M_RB_SIG_NONE, M_GLOSS_READ,
	/* r24-rules: the rules behind every "why" (report_rules.c) */
	M_W_PER_ELEM, M_W_NEEDED, M_W_BECAUSE, M_W_UNEXPLAINED, M_W_ALTHOUGH,
	M_W_REFUTED, M_W_NOT_NAMED, M_W_BRIEF, M_W_NONE_LIMIT, M_W_NONE_LIMIT_PEAK,
	M_W_NO_CI, M_W_BELOW, M_W_NONE, M_W_UNRESOLVED, M_W_SPREAD,
	M_W_ABOVE_SPREAD, M_W_ABOVE, M_W_COL_RULE, M_W_COL_PHYSICS,
	M_W_COL_EVIDENCE, M_W_COL_REFUTED, M_W_RULES_INTRO, M_F_TEACH_ROLE,
	M_RB_COL_OBJ, M_RB_COL_ROWS, M_RB_COL_CTR, M_RB_V_SAN_UNRUN,
	M_RB_COL_TIME, M_RB_COL_VERDICT, M_RB_COL_USER, M_RB_V_SHOWN,
	M_RB_V_CTR_ONLY, M_RB_V_NOT_SHOWN, M_RB_V_MISSING, M_RB_V_SAN,
	M_RB_V_SAN_NONE, M_RB_V_HOST, M_RB_V_HOST_USER, M_RB_SAN_UNRUN,
	M_RB_USERS, M_RB_SAN_NOT_RUN, M_RB_RUNGS, M_RB_OBS_X, M_RB_OBS_SLOWER_X,
	M_U_HOST_COST, M_U_HOST_COST_SHORT, M_U_SUM, M_U_SUM_NONE,
	M_U_SUM_FAILED, M_U_SUM_BETWEEN, M_U_SUM_FASTEST, M_U_SUM_SLOWEST,
	M_H_AGREE, M_H_DISAGREE, M_W_LIMIT_CEILING, M_W_LIMIT_DRAM,
	M_W_UNEXPLAINED_BARE, M_RB_V_SAN_RIGHT, M_RB_V_SAN_CLEAN,
	/* r24-body: the body and the details page, in a table of their own
	 * (report_msg_body.c) from M__BODY on */
	M__BODY,
	M_TITLE_FAMILIES = M__BODY, M_SEMI_SEP, M_COMMA_SEP,
	M_BA_MEASURED, M_BA_MEASURED_CPU, M_BA_CPU1, M_BA_CPUS, M_BA_FAILED,
	M_BA_FAMILY, M_BA_STEPS, M_BA_STEP,
	M_BA_STEP_WHY, M_BA_HW, M_BA_HW_PEAK, M_BA_USER, M_BA_USER_ITEM,
	M_ENV_SMEM, M_ENV_CLOCKS, M_ENV_VERSIONS, M_ENV_VERSIONS_CUDA,
	M_ENV_DRIVER_CUDA, M_ENV_NVIDIA_DRIVER, M_ENV_GPU_CC,
	M_ENV_CLK_STEADY, M_ENV_CLK_RANGE, M_ENV_CLK_THROTTLED, M_ENV_CLK_NONE,
	M_ENV_KIB,
	M_SETUP_METHOD, M_SETUP_METHOD_VARIES, M_SETUP_FLUSH, M_SETUP_COUNTERS,
	M_SETUP_MORE,
	M_BCOL_CHANGE, M_BCOL_TIME, M_BCOL_CEIL, M_BCOL_PEAK, M_BCOL_STEP,
	M_BCOL_WHY, M_BCELL_FAILED, M_BX_FASTER, M_BX_SLOWER, M_BX_SAME,
	M_BX_SAME_F, M_BX_SAME_S,
	M_BWHY_HEAD, M_BWHY_ITEM, M_BWHY_SAME, M_BWHY_CTR, M_BWHY_NONE,
	M_BCODE_HEAD, M_BCODE_ITEM, M_BMORE,
	/* the body's results (report_results.c) */
	M_BCOL_PM, M_BWHY_PARA, M_BT_AND, M_BT_HEAD, M_BT_INTRO, M_BT_NONE,
	M_BT_WHY, M_D_FAMILY_PAGE, M_BWHY_SAME_AGAIN, M_BMORE_AGAIN,
	M_C_STEPS_AGAIN, M_BWHY_PAST_TEACHING, M_RB_ROWS_ALL, M_BCODE_ALONE,
	M_BR_PASTE, M_BR_PASTE_NOVERSION, M_BR_MORE, M_COMMIT_DIRTY,
	M_R_PASTE_DIRTY,
	M_DR_PROV, M_DR_HOST,
	M_UCODE_INTRO, M_UCODE_FN, M_UCODE_FILE,
	M_STEP_CODE,
	M_BB_HEAD, M_BB_CROSS, M_BB_MORE, M_BB_FLOORS,
	M_BF_HEAD, M_BF_KIND, M_BF_MEASURED, M_BF_FALLBACK, M_BF_UNMEASURED,
	M_BF_NONE, M_BF_FIXED, M_BF_COL, M_BF_CELL, M_BF_RANGE,
	M_BF_K_GPU, M_BF_K_GPU_L2, M_BF_K_HOST, M_BF_K_CPU,
	M_UT_COL_LADDER, M_UT_COL_TIME, M_UT_COL_GBPS, M_UT_COL_CEIL,
	M_UT_COL_PLACE, M_UT_SAME, M_UT_DIFF, M_UT_FAILED, M_UT_TYPE_SIZE,
	M_UT_IMPOSSIBLE, M_UT_IMPOSSIBLE_CELL,
	M_K_IMPOSSIBLE, M_K_VERIFIED, M_K_HEAD, M_K_COL_STUDENT, M_K_COL_STATE,
	M_K_COL_SCORE, M_K_COL_TIME, M_K_COL_PROBLEM, M_K_COL_LINE,
	M_K_CHART, M_K_COPY,
	M_K_SCORE, M_K_SCORE_CLASS, M_K_STUDENT_HEAD, M_K_STUDENT_LINKS,
	/* i45-voice: one number per step, verdicts held to the run-to-run
	 * floors (report_change.c, report_body.c) */
	M_BX_UNCLEAR_F, M_BX_UNCLEAR_S, M_BWHY_NOISE_ITEM, M_BWHY_UNCLEAR,
	M_BWHY_UNCLEAR_ITEM, M_ENV_FLOORS, M_ENV_FLOORS_VALUE, M_SETUP_FLOORS,
	M_W_FLOOR,
	/* i45-h2: each "why" concept first, then its counter; the
	 * objectives judged on the counters that show them */
	M_W_REGS_PLAIN,
	M_W_CONCEPT, M_W_AS_IN, M_W_AGAINST_FASTER, M_W_AGAINST_SLOWER,
	M_W_AGAINST_UNEXPLAINED, M_W_GPU_OCC, M_RB_V_NA_COALESCED,
	M_RB_V_SHOWN_PREDICATED, M_RB_CTR_THREADS, M_RB_OCC_SMS,
	M_W_UNEXPLAINED_AGAIN,
	/* the host step's cost measured: the timed region less the kernel
	 * alone in the same runs (report_user.c) */
	M_U_HOST_SPLIT, M_U_HOST_SPLIT_SHORT, M_U_HOST_APART, M_U_BY_KERNEL,
	M_UT_COL_REGION, M_UT_COL_PLACE_KERNEL,
	/* the ladder's host-step objective, its split measured
	 * (report_rubric.c) */
	M_RB_V_HOST_MEASURED,
	/* a step after a rung that lost time, against the fastest rung
	 * before that one (report_results.c) */
	M_BWHY_PAST_SLOWER, M_BWHY_KERNELS,
	M_RB_V_SHOWN_MECH,
	/* i45-prose: the third review's prose (report_rules.c,
	 * report_rubric.c, report_change.c, report_body.c) */
	M_W_DIV_INSTR, M_W_ALSO_ALONE, M_W_ALSO_PART, M_RB_V_CONFOUNDED,
	M_RB_V_SHOWN_ALSO,
	M_W_AGAINST_F2, M_W_AGAINST_S2, M_W_AGAINST_F3, M_W_AGAINST_S3,
	M_W_IV_FASTER, M_W_IV_SLOWER, M_W_IV_ACROSS, M_W_BELOW_WORDS,
	M_W_NONE_WORDS, M_W_UNRESOLVED_WORDS, M_W_NO_CI_WORDS, M_W_FLOOR_WORDS,
	M_W_CHANGE_FASTER, M_W_CHANGE_SLOWER,
	M_TITLE_SEVERAL, M_TITLE_SEVERAL_GPU, M_TITLE_AND, M_FAM_REDUCE,
	M_FAM_TRANSPOSE,
	M_NOTE_COPIES, M_NOTE_OTHER_IS, M_NOTE_OTHER_ARE, M_NOTE_COPY1,
	M_NOTE_AND, M_NOTE_RUNGS, M_NOTE_NAMED,
	M_NOTE_ACC_LIKE, M_NOTE_ACC_WIDER,
	M_CTR_WARP_INSTR, M_CTR_BANK, M_CTR_GLD_EFF, M_CTR_GST_EFF,
	M_CTR_GLD_SECTORS, M_CTR_GST_SECTORS, M_CTR_ACHIEVED, M_CTR_THEORETICAL,
	M_CTR_SHARED_BYTES, M_CTR_DRAM, M_CTR_DRAM_READ, M_CTR_DRAM_WRITE,
	M_CTR_BRANCH,
	/* i25-sanitize: what compute-sanitizer found when a failed kernel
	 * of the user's was rerun under it, in a table of its own
	 * (report_msg_sanitizer.c) from M__SAN on */
	M__SAN,
	M_S_FOUND = M__SAN, M_S_TOOL_COUNT, M_S_ERRORS, M_S_ERROR1,
	M_S_HAZARDS, M_S_HAZARD1, M_S_NOTHING, M_S_CLEAN_WRONG,
	M_S_CLEAN_RIGHT, M_S_CLEAN, M_S_NOT_INSTALLED, M_S_TIMED_OUT,
	M_S_FAILED, M_S_RERUN, M_S_AT_LINE, M_S_AT_FUNC, M_S_BY_TT,
	M_S_BY_T1, M_S_BY_1B, M_S_BY_11, M_S_READ, M_S_WRITE, M_S_ATOMIC,
	M_S_OOB, M_S_MISALIGNED, M_S_NEAR_AFTER, M_S_NEAR_BEFORE,
	M_S_SHORT_OOB, M_S_SHORT_RACE, M_S_SHORT_BARRIER, M_S_SHORT_OTHER,
	M_S_RACE_RAW, M_S_RACE_WAR, M_S_RACE_WAW, M_S_BARRIER, M_S_WARP,
	M_S_BLOCK, M_S_OTHER, M_S_MORE, M_S_BYTES, M_S_SAME_LINE,
	M_S_TOOL_PRINTED, M_S_CLEAN_GUARD, M_S_CELL_LINE, M_S_CELL_NONE,
	M_S_CELL_TIMED_OUT, M_S_CELL_FAILED,
	/* issue 25: counters per source line (report_msg_lines.c) from
	 * M__LINES on */
	M__LINES,
	M_L_WHERE = M__LINES, M_L_NOT, M_L_AT, M_L_NO_LINE, M_L_KERNEL,
	M_L_COLON, M_L_AND, M_L_END, M_L_BANK, M_L_BANK_AVG, M_L_UNCOAL,
	M_L_NARROW,
	M_L_FIX, M_L_LOCAL, M_L_DIV, M_L_IDLE, M_L_HOT, M_L_NONE,
	M_L_DINTRO, M_L_DUSER, M_L_DRUNGS, M_L_DHEAD, M_L_DKERNEL,
	M_L_COL_LINE, M_L_COL_CODE, M_L_COL_INST, M_L_COL_THREADS,
	M_L_COL_GLOBAL, M_L_COL_SHARED, M_L_COL_LOCAL, M_L_COL_DIV,
	M_L_ELSEWHERE, M_L_ELSEWHERE1, M_L_DIV_TAIL,
	/* issue 44: a class graded (report_msg_class.c) from M__CLASS on */
	M__CLASS,
	M_G_COL_RANK = M__CLASS, M_G_COL_SCORE, M_G_COL_OBJ, M_G_COL_LOST,
	M_G_OBJ_CELL,
	M_G_WITHIN, M_G_AS_FAST, M_G_NO_CAUSE, M_G_NO_CAUSE_HOST, M_G_NO_REF,
	M_G_TIMES_ROUNDS, M_G_TIMES_FIRST_PASS, M_G_TIMES_KERNEL, M_G_TIMES_REGION,
	M_G_TIMES_REGION_HOST, M_G_HOST, M_G_SPREAD_ROUNDS, M_G_SPREAD_RUNS,
	M_G_SUMMARY, M_G_SUMMARY_ONE, M_G_SUM_FAILED, M_G_SUM_COMMON, M_G_SUM_ONCE,
	M_G_SUM_NO_COMMON,
	M_G_K_WRONG, M_G_K_ERROR, M_G_K_SKIPPED, M_G_K_IMPOSSIBLE,
	M_G_K_UNVERIFIED, M_G_K_HUNG, M_G_K_ITEM, M_G_FAILED_KIND, M_G_LOST_FAILED,
	M_G_OBJ_BANK, M_G_OBJ_LOADS, M_G_OBJ_STORES, M_G_OBJ_DIV, M_G_OBJ_SAN,
	M_G_MET, M_G_NOT_MET, M_G_NA, M_G_VERDICT, M_G_EV_LINE, M_G_EV_NO_ROW,
	M_G_EV_NO_USE, M_G_EV_UNJUDGED, M_G_EV_SAN_CLEAN, M_G_EV_SAN_NONE,
	M_G_SCORE, M_G_BAND_FULL, M_G_BAND, M_G_BANDS_END, M_G_GEOMEAN,
	M_G_CONT_AT, M_G_CONT_END,
	M_G_TIES, M_G_LOST_RULE, M_G_OBJ_LIST,
	M_G_PAGE_HEAD, M_G_PAGE_SCORE, M_G_PAGE_SCORE_EXACT, M_G_PAGE_TIED, M_G_PAGE_LOST,
	M_G_COL_PART, M_G_COL_POINTS, M_G_COL_OF, M_G_COL_WHY, M_G_REF_RUNG,
	M_G_REF_CLASS, M_G_PART_CORR,
	M_G_PART_SPEED, M_G_PART_OBJ, M_G_WHY_CORR, M_G_WHY_SPEED,
	M_G_WHY_SPEED_NONE, M_G_WHY_OBJ, M_G_WHY_OBJ_NONE, M_G_WHY_OBJ_NO_ROW,
	M_G_COL_OBJECTIVE, M_G_COL_VERDICT, M_G_PAGE_PLACE, M_G_PAGE_COPY,
	M_G_SIMILAR, M_G_PAGE_SIMILAR, M_G_SIMILAR_HEAD, M_G_PAGE_REGION,
	M_G_MISSING, M_G_PAGE_TIED_ONE, M_G_SKIP_SAME, M_G_SKIP_FASTER,
	M_G_SKIP_SLOWER, M_G_BODY_CLASS, M_G_CHART_EVERY,
	/* the class's host step by size; on a student's page, the host
	 * step as the teacher's contract and the fix rung by the time
	 * graded */
	M_G_HOST_AT, M_G_HOST_CONTRACT, M_G_HOST_HERE, M_G_HOST_HERE_EST,
	M_G_FIX_AT,
	/* why compute-sanitizer reran none of a student's failed rows; the
	 * bank objective's counter beside its line's n-way conflict */
	M_G_EV_SAN_HUNG, M_G_EV_SAN_INPUT, M_G_EV_SAN_NOT_RERUN,
	M_G_TIME_SAME, M_G_TIME_BIAS, M_G_TIME_FIRST_PASS,
	M_G_EV_BANK_UNIT,
	M__COUNT
};

/* The rows of the body and the details page (report_msg_body.c), from
 * M__BODY on: report_msg.c's table would pass the 1,200 lines a file
 * may have. */
extern const char *const msgs_body[M__SAN - M__BODY][NLANG];
/* The rows of compute-sanitizer's findings (report_msg_sanitizer.c),
 * from M__SAN on. */
extern const char *const msgs_sanitizer[M__LINES - M__SAN][NLANG];
/* The rows of the counters per source line (report_msg_lines.c), from
 * M__LINES on. */
extern const char *const msgs_lines[M__CLASS - M__LINES][NLANG];
/* The rows of a class graded (report_msg_class.c), from M__CLASS on. */
extern const char *const msgs_class[M__COUNT - M__CLASS][NLANG];

/* Message id in language L, as it stands (for those without arguments). */
const char *say_text(enum lang L, enum msg id);

/* Appends message id in language L with {1}..{9} replaced by
 * args[0..n) (sbuf_addargs() in util.h). */
void say_args(struct sbuf *b, enum lang L, enum msg id,
	      const char *const *args, size_t n);

/* say_args() with its arguments listed: SAY(b, L, M_TITLE, title). */
#define SAY(b, L, id, ...)                                                     \
	say_args((b), (L), (id), (const char *const[]){ __VA_ARGS__ },         \
		 sizeof((const char *const[]){ __VA_ARGS__ }) /                \
			 sizeof(const char *))

/* ---- a comparison (report_compare.c) -------------------------------------- */

struct compare;
/* The floors of c's pairs in a few words for the body: "GPU ±0.050 % to
 * ±9.0 % by median time, measured on NVIDIA H100 80GB HBM3 (...); ...". */
void compare_floors_brief(struct sbuf *b, enum lang L, const struct compare *c);
/* The same of the floors summed up per kind in kinds[CK__COUNT]
 * (compare_kind_floors_add), the table's: with `brief` the GPU models
 * they were measured on, else also their recordings ("measured on NVIDIA
 * H100 80GB HBM3 (reports/compare/h100-noise, 2026-11-28; ...)"); a
 * model without a floor of its own says it took the fallback. */
struct compare_kind_floors;
void kind_floors_text(struct sbuf *b, enum lang L,
		      const struct compare_kind_floors *kinds, bool brief);

/* ---- the analysis model (report_model.c) ------------------------------ */

/* What a row is in its ladder.  Only rungs have step speedups; the others
 * are shown beside them, with their speed over the first rung. */
enum role {
	ROLE_RUNG,       /* a rung of the optimization ladder */
	ROLE_USER,       /* the user's own kernel (VF_USER): placed on the
			    ladder beside the rungs, never one of them */
	ROLE_CEILING,    /* the copy that is the family's bandwidth ceiling */
	ROLE_COPY,       /* another copy (not a transpose): a reference */
	ROLE_BASELINE,   /* library baseline (CUB, Thrust) */
	ROLE_REFERENCE,  /* CPU or step-0 reference */
};

/* How speedups are judged (report_model.c, ratio_judge): the 95 %
 * interval of a ratio of medians is a percentile bootstrap of
 * REPORT_BOOTSTRAP resamples of each row's timed runs (stats_ratio_ci,
 * the method of `culab compare`, seeded with COMPARE_SEED so a report
 * repeats exactly).  A quarter of compare's STATS_BOOTSTRAP resamples:
 * the ~320 intervals of the default experiment then cost 0.09 s of CPU
 * instead of 0.36 s, and on its recorded H100 results their ends lie on
 * average 3.5 % of the interval's width from those of 20,000 resamples
 * (2,000: 1.8 %).  Its verdict is
 * stats_verdict_of() against SPEEDUP_SAME_PCT: "same" when the whole
 * interval lies within +-2 %, "faster"/"slower" when it lies beyond,
 * "unknown" when it crosses the boundary.  Rows with fewer than
 * COMPARE_MIN_SAMPLES runs have no interval; their verdict then comes
 * from the ratio of medians alone against the same threshold.
 *
 * An interval is of this one run, and a second run of the same code
 * moves a median by more than it says.  So, as `culab compare` judges a
 * pair (compare.h), a change is faster or slower only when it also lies
 * beyond the run-to-run floor of its pair of rows (floor.h: the floor
 * table of their GPU model, at the noisier of their kinds and the
 * shorter of their medians; compare_floor_pair): a change, |time ratio
 * - 1|, no larger than the floor is "same", whatever its interval says
 * (step_floor_of). */
#define REPORT_BOOTSTRAP 500
#define SPEEDUP_SAME_PCT 2.0

struct item {
	const struct result_row *row;
	const struct variant *v;   /* NULL when the registry does not know it */
	size_t order;              /* registry position, for sorting */
	enum role role;
	bool ok;                   /* ran, verified, has a time */
	double step_x, cum_x;      /* NAN when not applicable */
	/* 95 % intervals of step_x and cum_x (NAN when the rows have too
	 * few runs; always lo <= x <= hi otherwise) and what they say of
	 * this row's time against prev's and the first rung's:
	 * SV_FASTER is a real speedup, SV_SAME a change within
	 * SPEEDUP_SAME_PCT, SV_UNKNOWN an interval across that boundary
	 * (also the verdict of a row that has no speedup) */
	double step_lo, step_hi, cum_lo, cum_hi;
	enum stats_verdict step_verdict, cum_verdict;
	double cpu_x;              /* speedup over the ladder's CPU reference
				      (ladder.cpu); NAN without one */
	/* robust spread of the timed runs: 100 * IQR / median, from the
	 * samples (stats_summarize); NAN without samples */
	double iqr_pct;
	const struct item *prev;   /* the row step_x compares with */
	int harris;                /* Harris kernel with this technique, or 0 */
	/* i45: what the row's timed region holds (compare_row_kind), the
	 * GPU model it ran on (NULL: not recorded), and the run-to-run
	 * floor of its step (against prev; floor 0, CFF_NONE without) */
	enum compare_kind kind;
	const char *gpu;
	struct compare_floor_pick step_floor;
};

/* The speedup of `it` over `base` (base's time / it's) as *x, its 95 %
 * interval [*lo, *hi] (NAN without enough runs; else lo <= x <= hi) and
 * the verdict on it's time against base's, as the model judges steps
 * (report_model.c; `base == it` gives 1, [1, 1], SV_SAME): beyond
 * SPEEDUP_SAME_PCT by its interval and beyond the pair's run-to-run
 * floor (step_floor_of) by its change, else "same" or "unknown". */
enum stats_verdict ratio_judge(const struct item *base, const struct item *it,
			       double *x, double *lo, double *hi);

/* The run-to-run floor of the pair base, it (compare_floor_pair: the
 * table compiled into culab, the noisier kind, the shorter median, the
 * larger of the two GPU models' floors); floor 0 and CFF_NONE when
 * either has no median. */
void step_floor_of(const struct item *base, const struct item *it,
		   struct compare_floor_pick *out);

/* The bound a step of item it (against it->prev) must pass, in per cent:
 * the larger of SPEEDUP_SAME_PCT and its run-to-run floor. */
static inline double step_bound_pct(const struct item *it)
{
	double f = 100 * it->step_floor.floor;

	return f > SPEEDUP_SAME_PCT ? f : SPEEDUP_SAME_PCT;
}

/* ratio_judge(from, to, ...), taken from `to`'s step when `from` is its
 * previous rung (the model judged that pair already). */
static inline enum stats_verdict step_judge(const struct item *from,
					    const struct item *to, double *x,
					    double *lo, double *hi)
{
	if (to->prev != from)
		return ratio_judge(from, to, x, lo, hi);
	*x = to->step_x;
	*lo = to->step_lo;
	*hi = to->step_hi;
	return to->step_verdict;
}

/* Whether a step (this item against it->prev) is within noise: its
 * verdict (ratio_judge) is neither faster nor slower: its change lies
 * within its run-to-run floor, or its interval does not put it beyond
 * SPEEDUP_SAME_PCT.  Such a step gets no "why" anywhere.  False for an
 * item without a step. */
static inline bool step_within_noise(const struct item *it)
{
	return it->prev && (it->step_verdict == SV_SAME ||
			    it->step_verdict == SV_UNKNOWN);
}

struct ladder {
	const char *experiment, *family, *dtype;
	uint64_t n, m;
	/* With rows of several GPU models, the model its rows ran on (a
	 * ladder and a group never mix models); else NULL.  env: that
	 * GPU's (or the results') environment, for its peak. */
	const char *gpu;
	const struct environment *env;
	struct item **items;
	size_t nitems;
	const char **cols;          /* counter columns present, in order */
	size_t ncols;
	const struct item *first;   /* fastest verified row of the first rung */
	const struct item *best;    /* fastest verified rung */
	const struct item *ceiling; /* fastest verified copy ceiling */
	const struct item *cpu;     /* fastest verified CPU reference */
	bool blocks;                /* some row has a block size */
	bool resources;             /* some row's resources are known */
	bool harris;                /* show the G80 column */
	bool matrix;                /* sizes are rows x columns */
};

enum chart { CH_TIME, CH_BW, CH_LADDER, CH_COUNTERS, CH_TRANSPOSE, CH__COUNT };

struct group {                      /* one family/dtype: one set of charts */
	const char *family, *dtype;
	const char *gpu;                /* as its ladders' */
	const struct environment *env;
	struct ladder **ladders;    /* by size */
	size_t nladders;
	const struct ladder *top;   /* largest size with a verified rung */
	const struct ladder *small; /* smallest size with two verified rungs */
	/* drawn charts' names in each language's pages, or NULL: the
	 * ladder's in that language's words, the others English */
	const char *chart[NLANG][CH__COUNT];
};

/* CHARTS_PENDING: gnuplot could not be started; the charts' data and
 * scripts are written and `gnuplot all.gp` draws them later. */
enum charts_state { CHARTS_OFF, CHARTS_DRAWN, CHARTS_PENDING, CHARTS_FAILED };

struct model {
	const struct results *r;
	bool by_gpu;                /* rows come from several GPU models */
	struct item *items;
	size_t nitems;
	struct ladder *ladders;
	size_t nladders;
	struct group *groups;
	size_t ngroups;
	const char **cols;          /* every counter column, for the glossary */
	size_t ncols;
	size_t nfailed;
	size_t nvariants;           /* variants that run on the GPU */
	const char **cpu_variants;  /* those that run on the CPU (reduce_cpu,
				       a host loop): named apart */
	size_t ncpu_variants;
	size_t nuser;               /* rows of the user's kernels */
	enum charts_state charts;
	struct plot_set *plots;
	struct sig_check *sigs;     /* registry signatures checked */
	size_t nsigs;
	/* --baseline (report_compare.c): the comparison of a baseline with
	 * these results, how to name the baseline, and its chart's name
	 * (NULL: not drawn); all NULL without the option */
	const struct compare *cmp;
	const char *baseline_path;
	const char *baseline_chart;
	/* the class's spread (report_class.c): a chart per experiment with
	 * a class, by experiment name; names are m->plots' */
	const char *class_chart[16], *class_chart_exp[16];
	size_t nclass_charts;
};

/* " (GPU)" after a group's or ladder's family and type when the report
 * keeps GPU models apart (gpu not NULL); nothing otherwise. */
void gpu_suffix(struct sbuf *b, const char *gpu);

/* Whether a and b are the same string; NULL counts as "". */
static inline bool str_eq(const char *a, const char *b)
{
	return strcmp(S(a), S(b)) == 0;
}

/* "0.1095 (0.1092–0.1099)": the median time of a timed row and the 95 %
 * interval of the median, when it has one (report_words.c). */
void time_with_interval(struct sbuf *b, enum lang L, const struct timing *t);
/* Whether t has an interval of its median to show (report_fmt.c). */
bool has_interval(const struct timing *t);
/* "1.40× (1.38–1.42)": speedup x with its 95 % interval [lo, hi] when
 * both ends are finite and not both x, x alone otherwise; "—" when x is
 * not finite.  A narrow interval gets up to three more decimals, enough
 * to tell its ends apart: "1.010× (1.005–1.014)" (report_words.c). */
void times_with_interval(struct sbuf *b, enum lang L, double x, double lo,
			 double hi);

/* The median time of an item's row, in ms. */
static inline double item_ms(const struct item *it)
{
	return it->row->t.median_ms;
}

/* Whether item a is faster than b; any item is faster than none (NULL). */
static inline bool faster(const struct item *a, const struct item *b)
{
	return !b || item_ms(a) < item_ms(b);
}

/* Analyses r into *m: items with their variant and role, ladders sorted
 * by family, type and size with their speedups, groups of ladders, and
 * the registry signatures checked.  m points into r, which must outlive
 * it; m->charts and m->plots are left to the caller (CHARTS_OFF, NULL).
 * The caller frees m with model_release(). */
void model_build(const struct results *r, struct model *m);

/* Frees what m holds, m->plots included, and zeroes it. */
void model_release(struct model *m);

/* The description the results hold of variant `name` (NULL: none), or
 * NULL when they hold none.  Every variant the report looks up comes
 * through here (and its order through model_variant_order, in
 * report_model.c): the report never consults the registry, so it renders
 * rows of variants this culab has never heard of. */
const struct variant *model_variant(const struct model *m, const char *name);
/* The experiment `name` of the results, or NULL. */
const struct experiment_meta *model_experiment(const struct results *r,
					       const char *name);

/* Family-specific tests, from the family's row (ladder.h); false for a
 * family this culab does not know.
 * family_is_matrix: `family` is sized rows x columns (a matrix);
 * row_is_matrix: a row's size is rows x columns: its family is, or m > 1;
 * family_transpose_chart: `family` gets the ceiling chart (CH_TRANSPOSE,
 *   FR_CEILING_CHART): bandwidth per variant at the largest size, against
 *   the copy ceiling;
 * family_harris: `family`'s ladders are set beside Harris's G80
 *   reduction ladder (the historical block, FR_HISTORICAL). */
bool family_is_matrix(const char *family);
bool row_is_matrix(const struct result_row *row);
bool family_transpose_chart(const char *family);
bool family_harris(const char *family);

/* qsort order of `const struct item *`: by role, rung, variant order,
 * name and block. */
int item_cmp(const void *a, const void *b);

/* Families in their natural order (enum family), unknown ones after. */
int family_rank(const char *family);

/* Adds `name` (NULL as "") to the set (*names)[0..*n) unless it is there.
 * The strings are borrowed; the caller frees the array *names. */
void names_add(const char ***names, size_t *n, const char *name);

/* Whether a row has counter column `name` (its value, row_column() from
 * compare.h, may still be NAN: not applicable). */
bool row_has_column(const struct result_row *row, const char *name);

/* Whether counter column `col` moved from a (row ra) to b (row rb)
 * beyond its measured noise (counters.h), a byte count judged against
 * all the bytes either row moved to and from device memory: that total
 * is counter_change_scale's (0 for other columns: judged against
 * themselves). */
bool counter_moved(const char *col, double a, double b,
		   const struct result_row *ra, const struct result_row *rb);
double counter_change_scale(const char *col, const struct result_row *ra,
			    const struct result_row *rb);

/* Whether item it is a student's: a user kernel marked submission (a
 * class's).  The body leaves students to the class page and their own
 * pages; the class's files grade them (report_grading.h). */
bool item_submission(const struct model *m, const struct item *it);

/* How many verified rungs ladder l has. */
size_t ladder_ok_rungs(const struct ladder *l);

/* The best verified item of each rung step of a ladder, in order, into
 * out[] (room for l->nitems); returns how many. */
size_t ladder_rungs(const struct ladder *l, const struct item **out);

/* The definition of counter column `name` in counters.h's alias table, or
 * NULL; sets *alias (unless alias is NULL) to the alias it belongs to. */
const struct metric_column_def *column_def(const char *name,
					   const struct metric_alias **alias);

/* Counter value v of column `name` by its unit into buf[size]: bytes in
 * decimal units, percentages with one decimal, others with three
 * significant digits, "—" when not finite.  Returns buf.  CTR() does it
 * into a buffer that lives until the end of the enclosing block. */
const char *fmt_counter(char *buf, size_t size, const char *name, double v);
#define CTR(name, v) fmt_counter((char[FMT_SIZE]){ 0 }, FMT_SIZE, (name), (v))

/* ---- an item's words (report_words.c) ----------------------------------- */

/* An item's words in language L, from the catalogue and its variant:
 * role_text: its role ("rung 3", "ceiling", ...), held by pool p;
 * item_title: its variant's short title, or NULL when the variant is
 *   unknown;
 * signature_text: variant v's signature prose (English when it has no
 *   Chinese text; Chinese as region_text below finds it);
 * status_text: appends why the item has no speed: "**FAILED** (wrong
 *   answer): ..." etc.;
 * limiter_text: what limits a kernel's occupancy ("registers"). */
const char *role_text(struct pool *p, enum lang L, const struct item *it);
const char *item_title(const struct item *it, enum lang L);
/* Counter column `col` in plain words, for sentences ("load efficiency"
 * for gld_efficiency_pct; the DRAM traffic for "dram_read_bytes +
 * dram_write_bytes"), Markdown-safe; a column without plain words is
 * given escaped as it is, held by pool p.  Tables keep the column
 * names. */
const char *ctr_plain(struct pool *p, enum lang L, const char *col);
const char *signature_text(const struct variant *v, enum lang L);
void status_text(struct sbuf *b, enum lang L, const struct item *it);
const char *limiter_text(enum lang L, enum resource_limiter lim);

/* Texts the results recorded in English for variant v, in language L:
 * region_text the timed region `en` (a row's or v's own), sanitizer_text
 * what compute-sanitizer reported.  Chinese comes from v's Chinese field
 * when it goes with this English; for results recorded before those
 * fields existed, from the built-in row of the same name when its English
 * is the same text (the one place the report reads the registry, and only
 * for words); else the English.  v may be NULL. */
const char *region_text(const struct variant *v, const char *en, enum lang L);
const char *sanitizer_text(const struct variant *v, enum lang L);
/* What variant v's step changes and why (about_en / about_zh), the same
 * way; NULL for a NULL v. */
const char *about_text(const struct variant *v, enum lang L);
/* A reason culab records in English (counters or resources not measured:
 * "runs on the CPU", ...) in language L: the catalogue's Chinese for the
 * reasons culab writes, else the text as recorded. */
const char *reason_text(const char *en, enum lang L);
/* The run's status ("complete", "interrupted", ...) in language L; an
 * unknown status as recorded. */
const char *run_status_text(const char *status, enum lang L);
/* Appends message id (a heading: M_LADDER_HEAD, M_F_HEAD) with ladder l's
 * family, type and size as its arguments. */
void ladder_heading(struct sbuf *b, enum lang L, enum msg id,
		    const struct ladder *l);

/* The table of what one timed run contains, per variant, timer and
 * region (the appendix shows it); sets *events and *host when a row uses
 * that timer.  Appends nothing when b is NULL, only sets the flags. */
void method_regions(const struct model *m, enum lang L, struct sbuf *b,
		    bool *events, bool *host);

/* ---- findings (report_findings.c) ------------------------------------ */

/* Appends, Markdown-escaped, why teaching rung `it` is on the ladder (its
 * variant's `teaching` text in language L, English when it has no
 * Chinese), with "{sms}" replaced by the multiprocessor count of the GPU
 * its row ran on; nothing for any other item. */
void teaching_text(struct sbuf *b, enum lang L, const struct model *m,
		   const struct item *it);

/* ---- the rules behind every "why" (report_rules.c) ------------------- */

/* Whether `it` is a teaching rung (its variant has a `teaching` text): on
 * the ladder to show a mistake, slower or unsafe on purpose. */
static inline bool is_teaching(const struct item *it)
{
	return it && it->v && it->v->teaching;
}

/* What the "why"s of one page have said so far: each rule's general
 * sentence (its physics) is said the first time the rule explains a step,
 * each rung's lesson in full the first time it holds, and a later step
 * of the same rung refers back to it.  Zero it before a page's first
 * step_why(). */
#define WHY_LESSONS 64
struct why_said {
	unsigned long long physics;             /* bit per rule and form */
	unsigned char generic[2][32];           /* a rule's concept, said n
						   times, per direction */
	const struct ladder *lesson[WHY_LESSONS]; /* where it was said first */
	unsigned against;                       /* counters said to go the
						   other way: the phrasing
						   varies with it */
};

/* Why step from -> to of ladder l went as it did, concept first: what
 * the step does, in the words of the rung's lesson where its rule holds,
 * else in the words of the first rule of report_rules.c's table whose
 * evidence holds (its counters beyond their noise, in the step's
 * direction, by enough to account for it) and no contradiction refutes;
 * then the one counter that shows it, before and after; a second rule
 * that also holds, unless the cause's mechanism brings it, with whether
 * it alone is as large as the step.  A counter that went the other way
 * is said only when it changed by more than the step and at least as
 * much as the counter that shows the cause, with what to conclude, in a
 * phrasing the page varies.  "The counters do not explain this step"
 * with the numbers checked when no rule holds; for a step within noise,
 * only a counter that changed without effect.  With `said` NULL each
 * sentence is said in full (the details); else as said above.  Starts
 * with a space; Markdown, escaped. */
void step_why(struct sbuf *b, enum lang L, const struct model *m,
	      const struct ladder *l, const struct item *from,
	      const struct item *to, struct why_said *said);

/* The lesson of a step to variant `to` shown by rule `rule` (a rule's
 * name), or -1; its words in language L (report_lessons.c). */
int lesson_of(const char *to, const char *rule);
const char *lesson_say(int i, enum lang L);

/* The blocks the grid of variant `name` launches whatever the size
 * (reduce_one_block: 1), 0 where it grows with the size
 * (report_lessons.c's table). */
int fixed_grid_blocks(const char *name);
/* The GPU's achieved occupancy of `it` in percent: its achieved occupancy,
 * which counts only the SMs that ran, times the share of the GPU's SMs
 * its grid occupies; *active and *sms are set to those SMs and the GPU's
 * (0 unknown).  Its achieved occupancy where its grid is not fixed, NAN
 * without the counter. */
double gpu_occupancy(const struct model *m, const struct item *it,
		     int *active, int *sms);

/* The first cause step_why() names, briefly: its resource and the
 * counter that shows it, in words ("instructions issued: warp
 * instructions 64.4 M → 35.6 M"), or nothing.  The conclusion's form: the sentence
 * is the body's "why" list's. */
void step_cause(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *from,
		const struct item *to);

/* The one counter that shows why step from -> to went as it did, for a
 * table cell ("bank conflicts per load 4.84 → 0.0297"): that of the
 * first rule step_why() names as a cause; "—" when none does. */
void step_why_counter(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *from,
		      const struct item *to);

/* The resource that limits rung `it` of ladder l, from the first rule of
 * the table whose evidence holds for it alone: with `full` a sentence
 * with the evidence and what is left (the conclusion), else the
 * resource's name for a table cell ("not named by these counters" when
 * no rule holds). */
void rung_limit(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *it, bool full);

/* How step from -> to changed the time, as prose with three significant
 * digits: "1.40× faster (0.179 → 0.128 ms)", "1.17× slower ...", for a
 * change within the pair's run-to-run floor "+2.8 % ...: within the
 * run-to-run floor of ±2.9 %", for a change the interval resolves below
 * SPEEDUP_SAME_PCT "+1.1 %, below the 2 % that counts as a change", else
 * "no change resolved".  A teaching rung's slowdown is said to be
 * meant. */
void step_change(struct sbuf *b, enum lang L, const struct item *from,
		 const struct item *to);

/* A step's words (item it against it->prev), the one form every place
 * gives it: the body's table, its "why" list and the ladder chart's
 * labels (with `ascii`: English, "x" for "×", the charts' fonts being
 * ASCII): "1.63× faster", "1.17× slower" (never a ratio below 1);
 * within its noise (verdict same) "1.03×, within noise"; an interval
 * across the threshold "1.02× slower, unresolved"; "—" without a step. */
/* The same words for any ratio x of a time before to a time after, with
 * verdict v, and its 95 % interval lo..hi where it is resolved (NAN:
 * none): "1.63× faster (1.62–1.64)", "1.17× slower (1.16–1.18)", the
 * interval turned with the ratio; within noise and unresolved without
 * it, as the body says them.  The details' tables and findings say
 * every step so. */
void ratio_words(struct sbuf *b, enum lang L, double x, double lo,
		 double hi, enum stats_verdict v, bool ascii);
void step_words(struct sbuf *b, enum lang L, const struct item *it,
		bool ascii);

/* Whether step it (against it->prev) follows a rung slower than one
 * before it: a teaching rung, or a rung whose own step lost time beyond
 * the noise and stands below the fastest rung before it (report_change.c):
 * measured against that rung too, it counts among the steps that
 * mattered only by its gain over it. */
bool after_slower(const struct ladder *l, const struct item *it);
/* Whether row r's timed region and its kernel alone, timed in the same
 * runs (`finish: host`, rung 1), are apart beyond both intervals: its
 * host step measured. */
bool host_step_measured(const struct result_row *r);
/* That fastest rung: of l's verified rungs below `it`, not teaching. */
const struct item *best_earlier(const struct ladder *l, const struct item *it);

/* The steps of ladder l that mattered most, the largest first: each
 * rung's step against the rung before it (it->prev, it->step_x, its
 * verdict: the numbers of the table) that is faster beyond its noise;
 * never a teaching rung's step, nor one after a teaching rung that
 * mostly undoes its slowdown: it must also beat the fastest
 * non-teaching rung before it beyond its noise, by a factor r with
 * r * r >= its step (more of the step, in log terms, gained than
 * undone).  Into from[]
 * (it->prev; unless from is NULL), to[] and x[] (the step's speedup;
 * unless x is NULL), at most max.  Returns how many.  The abstract, the
 * body's key lines and the conclusion all read it. */
size_t steps_that_mattered(const struct ladder *l, const struct item **from,
			   const struct item **to, double *x, size_t max);

/* One sentence on how far the medians of the same rows moved between
 * this run and the baseline (m->cmp), when the baseline is a run of the
 * same GPU model; nothing otherwise. */
void run_spread(struct sbuf *b, enum lang L, const struct model *m);

/* Why rung `it` may reach more than 100 % of ladder l's ceiling; nothing
 * when it does not. */
void above_ceiling(struct sbuf *b, enum lang L, const struct model *m,
		   const struct ladder *l, const struct item *it);

/* The rules table: each rule's claim, physics, evidence and what refutes
 * it, for the report's readers (the details).  Placeholder "rules". */
void blk_rules(const struct model *m, enum lang L, struct sbuf *b);

/* For tests: the names of the rules step_why() names as causes of step
 * from -> to, comma-separated ("" none), and the name of the rule that
 * names rung it's limit ("none" when none holds).  Heap strings. */
char *step_rule_names(const struct model *m, const struct ladder *l,
		      const struct item *from, const struct item *to);
char *rung_limit_name(const struct model *m, const struct ladder *l,
		      const struct item *it);

/* ---- the user's kernels (report_user.c) ------------------------------- */

/* One line on the user's kernel `it` of ladder l for the conclusion and
 * the rubric: where it sits between the rungs and the problems its
 * diagnosis found (with the host step's cost: measured where the row
 * holds the kernel alone's time, else estimated where a rung isolates
 * it, and said to be an estimate). */
void user_summary(struct sbuf *b, enum lang L, const struct model *m,
		  const struct ladder *l, const struct item *it);

/* Whether the diagnosis of the user's kernel `it` finds the problem
 * `what` ("bank", "divergence", "coalescing", "host", "occupancy",
 * "inflight"). */
bool user_shows(const struct model *m, const struct ladder *l,
		const struct item *it, const char *what);

/* For the class page: the first problem the diagnosis of `it` finds, in
 * a few words ("shared-memory bank conflicts"), or NULL; where `it` sits
 * between the rungs, in a few words; whether its time is impossible
 * (faster than its bytes at the peak with L2 evicted before every run). */
const char *user_problem(const struct model *m, const struct ladder *l,
			 const struct item *it, enum lang L);
void user_place(struct sbuf *b, enum lang L, const struct ladder *l,
		const struct item *it);
bool user_impossible(const struct model *m, const struct result_row *w);
/* The "Your kernels" section's part of kernel `name`: its heading, its
 * rows in a table, the row in full with its lines (a student's page).
 * A class's submission is not placed on the ladder there (its page
 * places it once, by the time graded: grade_place), its fix rung is
 * compared by the time graded, and its host step is the class's
 * contract: said with its cost, measured where the row holds the kernel
 * alone, never with a fix. */
void user_kernel_section(const struct model *m, const char *name,
			 enum lang L, struct sbuf *b);
/* Kernel `name`'s source as the body shows it (report_code.c), after
 * the section's intro line; nothing without a stored source. */
void user_code_of(const struct model *m, const char *name, enum lang L,
		  struct sbuf *b);

/* ---- a class (report_class.c, report_gradebook.c) ---------------------- */

/* Whether the results hold a class's submissions (variants marked
 * `submission`): the report then writes the class page, gradebook.csv,
 * canvas.csv, gradescope/NAME.json and a page per student.  The class
 * graded (report_grading.h) is what they all read. */
bool model_has_class(const struct model *m);
/* report_class_chart.c: adds to `set` a chart per experiment with a
 * class (each student's bandwidth by the time they are graded by,
 * beside the rungs', at each type and size, or at each type's largest
 * when there are too many) and records their names in m->class_chart[]. */
void class_charts(struct model *m, struct plot_set *set);
/* The chart of experiment e, or NULL; whether it has a panel per type
 * and size (else per type, at its largest size). */
const char *class_chart_of(const struct model *m, const char *e);
bool class_chart_every_size(const struct model *m, const char *e);
/* The class page's blocks: per experiment a summary, what the times
 * are, a table of its students (rank, score with its interval, state,
 * time per type and size, objectives met, what they lost points on and
 * its line), then the chart; how the score is computed. */
void blk_class_table(const struct model *m, enum lang L, struct sbuf *b);
void blk_class_score(const struct model *m, enum lang L, struct sbuf *b);
/* Student `name`'s own page in language L (students/NAME/report.L.md):
 * their grade (score, rank, the rubric's parts, the objectives with
 * their evidence, what they lost points on, where each row sits), their
 * kernel's part of the report, its source, and links to the class page
 * and the report two folders up.  Caller frees. */
/* similar.<lang>.md: the teacher's page of similar submissions, each
 * experiment's flagged students with their matching lines side by side
 * (report_copies.h).  Caller frees. */
char *class_similar_page(const struct model *m, enum lang L);
char *class_student_page(const struct model *m, const char *name,
			 enum lang L);
/* report_gradebook.c, the teacher's files (docs/class.md lists their
 * columns and keys), English, each a heap string the caller frees:
 * gradebook.csv, a line per student and experiment, best score first;
 * canvas.csv, a line per student with a column per experiment, for a
 * Canvas or Moodle gradebook's import; and student `name`'s grade in
 * Gradescope's results.json shape (gradescope/NAME.json; NULL after a
 * diagnostic). */
char *class_gradebook(const struct model *m);
char *class_canvas_csv(const struct model *m);
char *class_gradescope(const struct model *m, const char *name);

/* ---- charts (report_charts.c) ----------------------------------------- */

/* Builds every chart of m and records, per group, the names of those that
 * will be drawn (group.chart[L][]), the ladder's in each language of
 * `langs` (REPORT_EN | REPORT_ZH: the pages written).  Returns the set
 * for plot_render(); the caller frees it with plot_set_free(), or hands
 * it to m->plots, which model_release() frees. */
struct plot_set *charts_build(struct model *m, unsigned langs);

/* Appends M_CH_LADDER's words for ladder l's own ceiling, by its name
 * (" (the dashed line marks the time of its ceiling, reduce\_read)": the
 * ladder chart draws it), Markdown; nothing when l has none. */
void ladder_ceiling_words(struct sbuf *b, enum lang L,
			  const struct ladder *l);

/* ---- Harris's G80 reduction (report_history.c) ------------------------ */

/* Harris's kernel (1..7) whose technique our variant `variant` uses, or
 * 0 (a table of report_model.c's: the model tags items with it). */
int harris_kernel_of(const char *variant);

/* Our fastest verified rung of ladder l that matches the first of
 * Harris's kernels that any rung of l matches (kernel 1 when one does),
 * or NULL: where both ladders' cumulative speedups start. */
const struct item *harris_first_match(const struct ladder *l);

/* Appends the published time and bandwidth of Harris's kernel `kernel`
 * ("3: 1.722 ms, 9.741 GB/s"), or "—" when it names none. */
void harris_figures(struct sbuf *b, int kernel);

/* ---- compute-sanitizer at the line (report_sanitizer.c) -------------- */

/* Appends what compute-sanitizer found for failed row `row` (its record,
 * run.h) as Markdown list items at `indent`: one for the rerun and, below
 * it, one per finding (the line quoted from v's stored source); nothing
 * when the row has none.  `details` adds the command that reruns it by
 * hand. */
void sanitizer_items(struct sbuf *b, enum lang L,
		     const struct result_row *row, const struct variant *v,
		     const char *indent, bool details);

/* The same in a table cell: each tool's count, and the first finding's
 * line ("memcheck: 969 errors, line 9; racecheck: nothing"). */
void sanitizer_cell(struct sbuf *b, enum lang L, const struct result_row *row);
/* A failed row's problem in a few words from what compute-sanitizer
 * found first at a line ("an out-of-bounds `__shared__` read
 * (compute-sanitizer)"; plain: no Markdown), appended to b; returns that line (its file in
 * *file, the tool's base name), or 0 with nothing appended when it
 * found none. */
int sanitizer_problem(struct sbuf *b, enum lang L, bool plain,
		      const struct result_row *row, const char **file);

/* Ends the line of a failed item of the user-kernel section and appends
 * its sanitizer_items() below it (report_user.c's stages). */
void user_failure_end(struct sbuf *b, enum lang L, const struct item *it);

/* ---- counters per source line (report_lines.c) ----------------------- */

/* Appends, as Markdown list items at `indent`, the lines of item it's
 * kernels that carry a problem, each quoted with its numbers and what
 * they mean (and the rung that shows the fix, from ladder l); `narrow`
 * (the kernel's diagnosis found too few bytes in flight) names its
 * narrow loads too.  Nothing
 * when the row has no lines, one item saying why when they were not
 * collected. */
void lines_items(struct sbuf *b, enum lang L, const struct model *m,
		 const struct ladder *l, const struct item *it, bool narrow,
		 const char *indent);

/* The line of item it's first kernel that carries the most (the first
 * line the body's list names), 0 when it has no lines or none stands
 * out; *file gets its file (the kernel's own, or another).  `narrow`
 * as lines_items() takes it. */
int lines_first(const struct model *m, const struct item *it, bool narrow,
		const char **file);

/* What lines_carrying() looks for: the problems a line carries (the
 * rules at the top of report_lines.c); divergence is divergent branches
 * (but a tree's last passes) or idle threads. */
enum line_problem { LINE_BANK, LINE_UNCOALESCED, LINE_DIVERGENCE };

/* The line of item it's first kernel that carries problem `what` the
 * most, 0 when no line does (or the row has no lines); *file gets its
 * file.  For a class's objectives: the line that is their evidence. */
int lines_carrying(const struct item *it, enum line_problem what,
		   const char **file);
/* Line `line` (of `file`, NULL any) of it's first kernel: its shared
 * wavefronts over a conflict-free access's (the n of the body's n-way
 * bank conflict), NAN when it has none or the row has no lines. */
double lines_bank_ways(const struct item *it, int line, const char *file);

/* The details page's section: every line of the user's kernels, and the
 * key lines of each built-in rung (its float row, else its first), with
 * a column per metric; empty when no row has lines. */
void blk_source_lines(const struct model *m, enum lang L, struct sbuf *b);

/* ---- shared by the blocks (report_blocks.c, report_body.c) ----------- */

/* The details page's Markdown file in language L ("details.en.md"), for
 * links from the body (the HTML page links to details.<lang>.html:
 * report_html.c); report_words.c. */
const char *details_file(enum lang L);
/* Appends the Markdown file of family `family`'s details page in
 * language L ("details-reduce.en.md"): every size, the charts, the
 * findings, the counters per line and the rubric rung by rung of that
 * family.  Letters, digits and '_' of the name are kept (lower case),
 * anything else becomes '-' (report_words.c). */
void family_file(struct sbuf *b, enum lang L, const char *family);

/* Appends chart `name` of group g: its caption, the image and, with
 * `files`, the links to its SVG, data and script. */
void chart_md(struct sbuf *b, enum lang L, const struct group *g,
	      const char *name, const char *caption, bool files);

/* Appends the SM and memory clocks NVML read around the timed runs of
 * every row: steady (one value each) or their ranges, and the rows
 * throttled; "not recorded" when no row has a reading. */
void clocks_summary(const struct model *m, enum lang L, struct sbuf *b);

/* Appends "13.0 / 13.0", the CUDA versions of e's driver and runtime;
 * nothing when either is unknown. */
/* "13.0 / 13.0", the CUDA version the driver supports and the runtime's,
 * with the driver's own version before them where the results have it
 * ("580.159.04 (CUDA 13.0) / 13.0"); nothing when either is unknown. */
void cuda_versions(struct sbuf *b, enum lang L, const struct environment *e);

/* ---- the blocks ------------------------------------------------------- */

/* A placeholder's builder: appends the block for model m in language L to
 * b (report_render.c's placeholders[] says what each one holds). */
typedef void (*block_fn)(const struct model *m, enum lang L, struct sbuf *b);

/* report_body.c: the body */
/* The title's part of an experiment's description: up to its first ':',
 * ';' or end of sentence (or their Chinese marks), parentheses dropped,
 * cut at its last comma before 80 columns when wider (a CJK character
 * is two).  A heap string ("" for none); blk_title
 * joins those of every experiment. */
char *title_clause(const char *desc);
void blk_title(const struct model *m, enum lang L, struct sbuf *b);
void blk_abstract(const struct model *m, enum lang L, struct sbuf *b);
void blk_setup(const struct model *m, enum lang L, struct sbuf *b);
void blk_results(const struct model *m, enum lang L, struct sbuf *b);
/* Whether the body shows group g's ladder in full (report_results.c):
 * false for a type shown only in the table of what the element type
 * changes, beside its family's lead type.  The conclusion and the
 * objectives speak for the groups the body shows. */
bool group_in_body(const struct model *m, const struct group *g);
/* The lead group of g's family on g's GPU, the one the body shows in
 * full and the abstract speaks for: measured at the largest size (with
 * two verified rungs there), on a tie the one with the most sizes, then
 * the first; NULL when none has two verified rungs. */
const struct group *family_lead(const struct model *m,
				const struct group *g);
/* The details' pages per family (report_results.c): blk_family the
 * families of m's groups (one, on a family's page), blk_family_pages a
 * list item per family linking its page (family_file) with its types. */
void blk_family(const struct model *m, enum lang L, struct sbuf *b);
void blk_family_pages(const struct model *m, enum lang L, struct sbuf *b);
void blk_baseline_summary(const struct model *m, enum lang L,
			  struct sbuf *b);

/* report_code.c */
void blk_user_code(const struct model *m, enum lang L, struct sbuf *b);

/* report_blocks.c */
void blk_gpu(const struct model *m, enum lang L, struct sbuf *b);
void blk_date(const struct model *m, enum lang L, struct sbuf *b);
void blk_version(const struct model *m, enum lang L, struct sbuf *b);
void blk_commit(const struct model *m, enum lang L, struct sbuf *b);
/* A recorded commit in words, escaped: "3e09791d2c98", or where the
 * culab that recorded was built with uncommitted changes (the Makefile
 * marks it "-dirty", which is no git ref) "3e09791d2c98 with
 * uncommitted changes"; "unknown" for NULL or "". */
void commit_words(struct sbuf *b, enum lang L, const char *commit);
/* Whether commit carries the Makefile's "-dirty" mark. */
bool commit_dirty(const char *commit);
void blk_source(const struct model *m, enum lang L, struct sbuf *b);
void blk_sha256(const struct model *m, enum lang L, struct sbuf *b);
void blk_status(const struct model *m, enum lang L, struct sbuf *b);
void blk_environment(const struct model *m, enum lang L, struct sbuf *b);
void blk_method(const struct model *m, enum lang L, struct sbuf *b);
void blk_glossary(const struct model *m, enum lang L, struct sbuf *b);
void blk_steps(const struct model *m, enum lang L, struct sbuf *b);
void blk_charts(const struct model *m, enum lang L, struct sbuf *b);
void blk_failures(const struct model *m, enum lang L, struct sbuf *b);
void blk_reproduction(const struct model *m, enum lang L, struct sbuf *b);
void blk_provenance(const struct model *m, enum lang L, struct sbuf *b);

/* report_compare.c */
void blk_baseline(const struct model *m, enum lang L, struct sbuf *b);

/* report_tables.c, report_findings.c, report_history.c, report_user.c */
void blk_ladders(const struct model *m, enum lang L, struct sbuf *b);
void blk_appendix(const struct model *m, enum lang L, struct sbuf *b);
void blk_all_ladders(const struct model *m, enum lang L, struct sbuf *b);
void blk_timed_regions(const struct model *m, enum lang L, struct sbuf *b);
void blk_findings(const struct model *m, enum lang L, struct sbuf *b);
void blk_historical(const struct model *m, enum lang L, struct sbuf *b);

/* report_conclusion.c */
void blk_conclusion(const struct model *m, enum lang L, struct sbuf *b);
void blk_rubric(const struct model *m, enum lang L, struct sbuf *b);
void blk_rubric_rungs(const struct model *m, enum lang L, struct sbuf *b);
void blk_user_kernels(const struct model *m, enum lang L, struct sbuf *b);

#endif
