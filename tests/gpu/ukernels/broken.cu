// make test-gpu: user kernels that must end a run the documented way.

// Writes far outside any allocation: an illegal address, the context is
// lost, the run stops with the rows finished before it kept.
extern "C" __global__ void faults(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    if (threadIdx.x == 0)
        out[(1ull << 40) + blockIdx.x] = (culab_acc_t)in[0];
}

// Never finishes: its row fails at its time_limit and the run ends.
extern "C" __global__ void never_ends(const culab_t *in, culab_acc_t *out,
                                      unsigned long long n)
{
    volatile const culab_t *p = in;

    while (p[0] == p[0])
        ;
    out[0] = 0;
}
