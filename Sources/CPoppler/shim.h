// poppler-glib and GLib, as far as hingesim calls them. Their headers (poppler/glib/poppler.h,
// glib.h) need pkg-config's include paths, and pkg-config would also link the libraries into
// every command; the calls go through dlsym (Sources/Reader/Internals/Poppler.swift, which
// writes each function's type), so only the one structure they share is declared here.
#include <stdint.h>

/// GLib's GError (glib/gerror.h: GQuark domain, gint code, gchar *message), a layout GLib keeps
/// stable.
typedef struct {
  uint32_t domain;
  int32_t code;
  char *message;
} hingesim_GError;

/// POPPLER_ERROR_ENCRYPTED, the second value of poppler-glib's PopplerError.
static const int32_t hingesim_poppler_error_encrypted = 1;
