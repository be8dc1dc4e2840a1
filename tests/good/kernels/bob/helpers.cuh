// A local header: part of the cache key of every kernel that includes it.
__device__ inline culab_acc_t load_one(const culab_t *in, int i)
{
    return (culab_acc_t)in[i];
}
