#include <fribidi/fribidi.h>

// FriBidi's paragraph types are macros Swift cannot import; these name them.
static inline FriBidiParType hingesim_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType hingesim_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType hingesim_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline int hingesim_fribidi_is_ltr(FriBidiCharType type) { return type == FRIBIDI_TYPE_LTR; }
