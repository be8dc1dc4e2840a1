/* A preprocessor expansion bomb (issue 30, class 1): each macro is the
 * one before it twice, so E40 is 2^40 tokens.  NVRTC expands it without
 * end in sight: culab stops the compilation at its time limit. */
#define E0 x +
#define E1 E0 E0
#define E2 E1 E1
#define E3 E2 E2
#define E4 E3 E3
#define E5 E4 E4
#define E6 E5 E5
#define E7 E6 E6
#define E8 E7 E7
#define E9 E8 E8
#define E10 E9 E9
#define E11 E10 E10
#define E12 E11 E11
#define E13 E12 E12
#define E14 E13 E13
#define E15 E14 E14
#define E16 E15 E15
#define E17 E16 E16
#define E18 E17 E17
#define E19 E18 E18
#define E20 E19 E19
#define E21 E20 E20
#define E22 E21 E21
#define E23 E22 E22
#define E24 E23 E23
#define E25 E24 E24
#define E26 E25 E25
#define E27 E26 E26
#define E28 E27 E27
#define E29 E28 E28
#define E30 E29 E29
#define E31 E30 E30
#define E32 E31 E31
#define E33 E32 E32
#define E34 E33 E33
#define E35 E34 E34
#define E36 E35 E35
#define E37 E36 E36
#define E38 E37 E37
#define E39 E38 E38
#define E40 E39 E39

extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
			       unsigned long long n)
{
	culab_acc_t x = 1;

	out[0] = E40 1;
}
