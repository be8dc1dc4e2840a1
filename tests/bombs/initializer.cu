/* A memory bomb (issue 30, class 1): an array initialised with 2^26
 * elements that macros make.  NVRTC's front end holds every one: its
 * memory grows by about 60 MiB a second, past 1 GiB in a minute; culab
 * stops the compilation at its memory limit. */
#define I0 1,
#define I1 I0 I0
#define I2 I1 I1
#define I3 I2 I2
#define I4 I3 I3
#define I5 I4 I4
#define I6 I5 I5
#define I7 I6 I6
#define I8 I7 I7
#define I9 I8 I8
#define I10 I9 I9
#define I11 I10 I10
#define I12 I11 I11
#define I13 I12 I12
#define I14 I13 I13
#define I15 I14 I14
#define I16 I15 I15
#define I17 I16 I16
#define I18 I17 I17
#define I19 I18 I18
#define I20 I19 I19
#define I21 I20 I20
#define I22 I21 I21
#define I23 I22 I22
#define I24 I23 I23
#define I25 I24 I24
#define I26 I25 I25

__device__ int table[] = { I26 0 };

extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
			       unsigned long long n)
{
	atomicAdd(out, (culab_acc_t)table[n % 7]);
}
