// Single precision (fftwf_*): the analysis runs on Float samples.
#include <fftw3.h>
