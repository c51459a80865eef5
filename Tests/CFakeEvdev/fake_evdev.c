#define _GNU_SOURCE
#include "fake_evdev.h"

#include <dlfcn.h>
#include <errno.h>
#include <linux/input.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEVICES 16
#define BITS_BYTES 96 /* KEY_CNT / 8 = 96, enough for every type */

struct fake_device {
  int used;
  dev_t dev;
  ino_t ino;
  char name[128];
  struct input_id id;
  unsigned char bits[EV_CNT][BITS_BYTES];
  unsigned char key_state[BITS_BYTES];
  struct input_absinfo abs[ABS_CNT];
  int grab;
  int grab_calls;
  int clock_id;
  int read_error;
};

static struct fake_device devices[MAX_DEVICES];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int failing_reads = 0;

typedef int (*ioctl_fn)(int, unsigned long, ...);
typedef ssize_t (*read_fn)(int, void *, size_t);

static int real_ioctl(int fd, unsigned long request, void *arg) {
  static ioctl_fn next = NULL;
  if (!next) next = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
  if (!next) {
    errno = ENOSYS;
    return -1;
  }
  return next(fd, request, arg);
}

static ssize_t real_read(int fd, void *buf, size_t count) {
  static read_fn next = NULL;
  if (!next) next = (read_fn)dlsym(RTLD_NEXT, "read");
  if (!next) {
    errno = ENOSYS;
    return -1;
  }
  return next(fd, buf, count);
}

/* Caller holds the lock. */
static struct fake_device *find(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0) return NULL;
  for (int i = 0; i < MAX_DEVICES; i++)
    if (devices[i].used && devices[i].dev == st.st_dev && devices[i].ino == st.st_ino) return &devices[i];
  return NULL;
}

static void set_bit(unsigned char *bits, unsigned int bit) {
  if (bit / 8 < BITS_BYTES) bits[bit / 8] |= (unsigned char)(1u << (bit % 8));
}

static int test_bit(const unsigned char *bits, unsigned int bit) {
  return bit / 8 < BITS_BYTES && (bits[bit / 8] >> (bit % 8)) & 1;
}

int fake_evdev_add(int read_fd, const char *name, int bustype, int vendor, int product) {
  struct stat st;
  if (fstat(read_fd, &st) != 0) return -1;
  pthread_mutex_lock(&lock);
  struct fake_device *slot = find(read_fd);
  for (int i = 0; !slot && i < MAX_DEVICES; i++)
    if (!devices[i].used) slot = &devices[i];
  if (!slot) {
    pthread_mutex_unlock(&lock);
    return -1;
  }
  memset(slot, 0, sizeof *slot);
  slot->used = 1;
  slot->dev = st.st_dev;
  slot->ino = st.st_ino;
  strncpy(slot->name, name ? name : "", sizeof slot->name - 1);
  slot->id.bustype = (unsigned short)bustype;
  slot->id.vendor = (unsigned short)vendor;
  slot->id.product = (unsigned short)product;
  slot->id.version = 1;
  slot->grab = -1;
  slot->clock_id = -1;
  set_bit(slot->bits[0], EV_SYN);
  set_bit(slot->bits[EV_SYN], SYN_REPORT);
  set_bit(slot->bits[EV_SYN], SYN_DROPPED);
  pthread_mutex_unlock(&lock);
  return 0;
}

void fake_evdev_remove(int read_fd) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  if (d) {
    if (d->read_error) atomic_fetch_sub(&failing_reads, 1);
    d->used = 0;
  }
  pthread_mutex_unlock(&lock);
}

void fake_evdev_enable(int read_fd, unsigned int type, unsigned int code) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  if (d && type < EV_CNT) {
    set_bit(d->bits[0], type);
    set_bit(d->bits[type], code);
  }
  pthread_mutex_unlock(&lock);
}

void fake_evdev_set_abs(int read_fd, unsigned int code, int minimum, int maximum, int value) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  if (d && code < ABS_CNT) {
    set_bit(d->bits[0], EV_ABS);
    set_bit(d->bits[EV_ABS], code);
    d->abs[code].minimum = minimum;
    d->abs[code].maximum = maximum;
    d->abs[code].value = value;
  }
  pthread_mutex_unlock(&lock);
}

void fake_evdev_set_key_state(int read_fd, unsigned int code, int down) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  if (d && code / 8 < BITS_BYTES) {
    if (down)
      set_bit(d->key_state, code);
    else
      d->key_state[code / 8] &= (unsigned char)~(1u << (code % 8));
  }
  pthread_mutex_unlock(&lock);
}

static int query(int read_fd, int what) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  int result = -1;
  if (d) result = what == 0 ? d->grab : what == 1 ? d->grab_calls : d->clock_id;
  pthread_mutex_unlock(&lock);
  return result;
}

int fake_evdev_grab_state(int read_fd) { return query(read_fd, 0); }
int fake_evdev_grab_calls(int read_fd) { return query(read_fd, 1); }
int fake_evdev_clock_id(int read_fd) { return query(read_fd, 2); }

void fake_evdev_fail_reads(int read_fd, int error) {
  pthread_mutex_lock(&lock);
  struct fake_device *d = find(read_fd);
  if (d) {
    if (!d->read_error && error) atomic_fetch_add(&failing_reads, 1);
    if (d->read_error && !error) atomic_fetch_sub(&failing_reads, 1);
    d->read_error = error;
  }
  pthread_mutex_unlock(&lock);
}

static int copy_out(void *arg, unsigned int size, const void *src, unsigned int len) {
  unsigned int n = size < len ? size : len;
  memset(arg, 0, size);
  memcpy(arg, src, n);
  return (int)n;
}

/* Answers one evdev ioctl for a fake device; caller holds the lock. */
static int answer(struct fake_device *d, unsigned long request, void *arg) {
  unsigned int nr = _IOC_NR(request);
  unsigned int size = _IOC_SIZE(request);
  unsigned int dir = _IOC_DIR(request);

  if (request == EVIOCGRAB) {
    d->grab = arg ? 1 : 0;
    d->grab_calls++;
    return 0;
  }
  if (request == EVIOCSCLOCKID) {
    d->clock_id = *(int *)arg;
    return 0;
  }
  if (request == EVIOCGVERSION) {
    *(int *)arg = EV_VERSION;
    return 0;
  }
  if (request == EVIOCGID) {
    memcpy(arg, &d->id, sizeof d->id);
    return 0;
  }
  if (dir == _IOC_READ) {
    if (nr == _IOC_NR(EVIOCGNAME(0))) return copy_out(arg, size, d->name, (unsigned int)strlen(d->name) + 1);
    if (nr == _IOC_NR(EVIOCGPHYS(0)) || nr == _IOC_NR(EVIOCGUNIQ(0))) {
      errno = ENOENT;
      return -1;
    }
    if (nr == _IOC_NR(EVIOCGPROP(0))) {
      memset(arg, 0, size);
      return (int)size;
    }
    if (nr == _IOC_NR(EVIOCGKEY(0))) return copy_out(arg, size, d->key_state, BITS_BYTES);
    if (nr == _IOC_NR(EVIOCGLED(0)) || nr == _IOC_NR(EVIOCGSW(0)) || nr == _IOC_NR(EVIOCGSND(0))) {
      memset(arg, 0, size);
      return (int)size;
    }
    if (nr >= 0x20 && nr < 0x20 + EV_CNT) return copy_out(arg, size, d->bits[nr - 0x20], BITS_BYTES);
    if (nr >= 0x40 && nr < 0x40 + ABS_CNT) {
      if (!test_bit(d->bits[EV_ABS], nr - 0x40)) {
        errno = EINVAL;
        return -1;
      }
      memcpy(arg, &d->abs[nr - 0x40], sizeof(struct input_absinfo));
      return 0;
    }
    if (nr == _IOC_NR(EVIOCGREP)) {
      errno = EINVAL;
      return -1;
    }
  }
  errno = EINVAL;
  return -1;
}

int ioctl(int fd, unsigned long request, ...) {
  va_list ap;
  va_start(ap, request);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  if (_IOC_TYPE(request) == 'E') {
    pthread_mutex_lock(&lock);
    struct fake_device *d = find(fd);
    if (d) {
      int rc = answer(d, request, arg);
      int saved = errno;
      pthread_mutex_unlock(&lock);
      errno = saved;
      return rc;
    }
    pthread_mutex_unlock(&lock);
  }
  return real_ioctl(fd, request, arg);
}

ssize_t read(int fd, void *buf, size_t count) {
  if (atomic_load(&failing_reads) > 0) {
    pthread_mutex_lock(&lock);
    struct fake_device *d = find(fd);
    int error = d ? d->read_error : 0;
    pthread_mutex_unlock(&lock);
    if (error) {
      errno = error;
      return -1;
    }
  }
  return real_read(fd, buf, count);
}

int fake_evdev_write(int write_fd, long sec, long usec, unsigned int type, unsigned int code, int value) {
  struct input_event ev;
  memset(&ev, 0, sizeof ev);
  ev.input_event_sec = sec;
  ev.input_event_usec = usec;
  ev.type = (unsigned short)type;
  ev.code = (unsigned short)code;
  ev.value = value;
  ssize_t n = write(write_fd, &ev, sizeof ev);
  if (n < 0) return -errno;
  return n == (ssize_t)sizeof ev ? 0 : -EIO;
}

int fake_evdev_write_now(int write_fd, unsigned int type, unsigned int code, int value) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return fake_evdev_write(write_fd, ts.tv_sec, ts.tv_nsec / 1000, type, code, value);
}

struct writer_job {
  int fd, count, interval_us;
  unsigned int type, code;
  int value;
  int written;
};

static struct writer_job job;
static pthread_t writer_thread;
static int writer_running = 0;

static void *writer_main(void *unused) {
  (void)unused;
  for (int i = 0; i < job.count; i++) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    struct input_event frame[2];
    memset(frame, 0, sizeof frame);
    frame[0].input_event_sec = ts.tv_sec;
    frame[0].input_event_usec = ts.tv_nsec / 1000;
    frame[0].type = (unsigned short)job.type;
    frame[0].code = (unsigned short)job.code;
    frame[0].value = job.value;
    frame[1] = frame[0];
    frame[1].type = EV_SYN;
    frame[1].code = SYN_REPORT;
    frame[1].value = 0;
    if (write(job.fd, frame, sizeof frame) != (ssize_t)sizeof frame) break;
    job.written++;
    struct timespec pause = {job.interval_us / 1000000, (long)(job.interval_us % 1000000) * 1000};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
  }
  return NULL;
}

int fake_evdev_start_writer(int write_fd, int count, int interval_us, unsigned int type, unsigned int code, int value) {
  if (writer_running) return -EBUSY;
  job = (struct writer_job){write_fd, count, interval_us, type, code, value, 0};
  int rc = pthread_create(&writer_thread, NULL, writer_main, NULL);
  if (rc != 0) return -rc;
  writer_running = 1;
  return 0;
}

int fake_evdev_join_writer(void) {
  if (!writer_running) return 0;
  pthread_join(writer_thread, NULL);
  writer_running = 0;
  return job.written;
}
