#!/bin/sh
# A stand-in ffmpeg that runs the real one ($REAL_FFMPEG) and writes each run down in the file named
# by FFMPEG_RUNS_LOG: "start <pid>" before, and "end <pid> <nice>" after (its `nice` value then, as
# the server set it on this process).
echo "start $$" >> "$FFMPEG_RUNS_LOG"
"$REAL_FFMPEG" "$@"
code=$?
echo "end $$ $(cut -d ' ' -f 19 /proc/$$/stat)" >> "$FFMPEG_RUNS_LOG"
exit $code
