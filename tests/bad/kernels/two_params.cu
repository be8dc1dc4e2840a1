// Forgets the element count: a reduce kernel takes (in, out, n).
extern "C" __global__ void sum_no_n(const culab_t *in, culab_acc_t *out)
{
    out[0] = in[0];
}

extern "C" __global__ void sum_struct(const culab_t *in, culab_acc_t *out,
                                      double3 n)
{
    out[0] = in[0] + (culab_acc_t)n.x;
}
