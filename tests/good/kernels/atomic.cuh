// atomicAdd for every culab_acc_t: CUDA has none for long long (ints are
// summed in long long), but two's complement makes the unsigned one add
// signed values exactly.
__device__ inline void culab_atomic_add(long long *p, long long v)
{
    atomicAdd((unsigned long long *)p, (unsigned long long)v);
}
__device__ inline void culab_atomic_add(float *p, float v) { atomicAdd(p, v); }
__device__ inline void culab_atomic_add(double *p, double v) { atomicAdd(p, v); }
