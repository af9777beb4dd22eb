/** The words announcing a video's end: its title (or file name) and, for a failure, the customer's reason. */
export function outcomeAnnouncement(
  outcome: 'completed' | 'failed',
  video: { title: string; filename: string; failure_reason: string | null },
): { title: string; message: string } {
  const name = `“${video.title || video.filename}”`;
  if (outcome === 'completed') {
    return {
      title: 'Subtitles ready',
      message: `${name} is ready: download the SRT and the subtitled video on My Videos.`,
    };
  }
  return {
    title: 'Video failed',
    message: `${name} could not be finished. ${video.failure_reason ?? ''}`.trim(),
  };
}
