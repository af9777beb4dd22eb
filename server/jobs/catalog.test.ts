import { describe, expect, it } from 'vitest';
import { crontab, crontabWith, jobs, taskNames, videoPipeline } from './catalog';

describe('the job catalog', () => {
  it('rejects a payload its schema does not accept', () => {
    for (const payload of [{}, { videoId: 0 }, { videoId: 1.5 }, { videoId: '7' }, null]) {
      expect(jobs.burnInVideo.payload.safeParse(payload).success, JSON.stringify(payload)).toBe(false);
    }
    expect(jobs.extractAudio.payload.parse({ videoId: 7 })).toEqual({ videoId: 7 });
  });

  it('builds the job key from the payload, one key per video and step', () => {
    expect(jobs.extractAudio.key({ videoId: 7 })).toBe('audio:7');
    expect(jobs.transcribeVideo.key({ videoId: 7 })).toBe('transcribe:7');
    expect(jobs.makeSubtitles.key({ videoId: 7 })).toBe('subtitles:7');
    expect(jobs.burnInVideo.key({ videoId: 7 })).toBe('burn-in:7');
    expect(jobs.burnInVideo.key({ videoId: 8 })).toBe('burn-in:8');
  });

  it('names every job once, schedules the housekeeping hourly and the retention daily', () => {
    const names = taskNames.map((task) => jobs[task].name);
    expect(new Set(names).size).toBe(names.length);
    expect(videoPipeline.every((task) => 'fails' in jobs[task])).toBe(true);
    expect(crontab).toBe(
      '0 * * * * purge_expired_sessions\n20 3 * * * remove_expired_videos\n40 * * * * remove_abandoned_uploads',
    );
  });

  it('adds the backups at the time BACKUP_CRON gives, and none without it', () => {
    expect(crontabWith({})).toBe(crontab);
    expect(crontabWith({ BACKUP_CRON: '0 3 * * *' })).toBe(
      '0 * * * * purge_expired_sessions\n20 3 * * * remove_expired_videos\n40 * * * * remove_abandoned_uploads\n0 3 * * * backup_database ?max=1&jobKey=backup-database',
    );
  });
});
