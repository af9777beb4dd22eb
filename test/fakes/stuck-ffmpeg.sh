#!/bin/sh
# A stand-in ffmpeg that never finishes, like a run stuck on a hostile input: it starts a child of
# its own (as a shell or a helper program would) and waits on it. Each start appends
# "<its pid> <its child's pid>" to the file named by STUCK_FFMPEG_LOG.
sleep 100000 &
echo "$$ $!" >> "${STUCK_FFMPEG_LOG:-/dev/null}"
wait
