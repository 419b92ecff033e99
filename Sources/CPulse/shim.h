// libpulse's asynchronous API with its threaded main loop: live capture from PulseAudio or PipeWire's pulse server.
#include <pulse/pulseaudio.h>
