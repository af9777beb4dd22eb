import { memo, useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import classes from './editor.module.css';

export interface TimedCue {
  id: string;
  startMs: number;
  endMs: number;
}

export interface WaveformProps {
  /** The video element the waveform follows and seeks. */
  media: HTMLVideoElement | null;
  /** Min/max pairs, -1..1, computed on the server (never decoded here). */
  peaks: readonly number[];
  durationSeconds: number;
  cues: readonly TimedCue[];
  selectedId: string | null;
  /** Pixels per second: the zoom. */
  zoom: number;
  /** Drawn as thin lines across the waveform. */
  shotChangesMs: readonly number[];
  /** A region dragged or stretched; answers the times its cue has now (snapped), which it then shows. */
  onTiming: (id: string, timing: { startMs: number; endMs: number }) => { startMs: number; endMs: number };
  onSelect: (id: string) => void;
}

type Regions = ReturnType<typeof RegionsPlugin.create>;

/** A shot change's line (inline: the waveform draws in a shadow root the page's styles do not reach). */
const SHOT_CHANGE_STYLE = 'position:absolute;top:0;bottom:0;width:0;border-left:1px dashed #e8590c';

/**
 * The shot changes as thin lines over the waveform, in a layer of their own inside its scrolling
 * wrapper (placed in percent, so zoom moves them with it) that lets every click through to the cues.
 */
function useShotChangeMarks(instance: WaveSurfer | null, shotChangesMs: readonly number[], seconds: number) {
  useEffect(() => {
    if (!instance || seconds <= 0 || shotChangesMs.length === 0) return;
    const layer = document.createElement('div');
    layer.setAttribute('style', 'position:absolute;inset:0;pointer-events:none;z-index:4');
    layer.setAttribute('part', 'shot-changes');
    layer.setAttribute('aria-hidden', 'true');
    for (const ms of shotChangesMs) {
      const mark = document.createElement('div');
      mark.setAttribute('style', SHOT_CHANGE_STYLE);
      mark.setAttribute('part', 'shot-change');
      mark.dataset.ms = String(ms);
      mark.style.left = `${Math.min(100, (ms / 1000 / seconds) * 100)}%`;
      layer.append(mark);
    }
    instance.getWrapper().append(layer);
    return () => layer.remove();
  }, [instance, shotChangesMs, seconds]);
}

const CUE_COLOR = 'rgba(76, 110, 245, 0.18)';
const SELECTED_COLOR = 'rgba(76, 110, 245, 0.42)';

/**
 * The audio's waveform under the video with each cue as a region to drag or stretch (wavesurfer.js
 * and its regions plugin), a playhead that follows the video, and zoom. Drawn again only when its
 * own props change: a new preview script beside it does not.
 */
export const Waveform = memo(function Waveform({
  media,
  peaks,
  durationSeconds,
  cues,
  selectedId,
  zoom,
  shotChangesMs,
  onTiming,
  onSelect,
}: WaveformProps) {
  const container = useRef<HTMLElement>(null);
  const initialZoom = useRef(zoom);
  const surfer = useRef<WaveSurfer | null>(null);
  // State, not a ref: a new instance (the video element arrives after the first render) must add
  // the cues as regions again, so the effect below has to run when it changes.
  const [regions, setRegions] = useState<Regions | null>(null);
  const handlers = useRef({ onTiming, onSelect });
  handlers.current = { onTiming, onSelect };

  useEffect(() => {
    if (!container.current || !media) return;
    const plugin = RegionsPlugin.create();
    const instance = WaveSurfer.create({
      container: container.current,
      media,
      peaks: [Float32Array.from(peaks)],
      duration: durationSeconds,
      height: 88,
      waveColor: '#adb5bd',
      progressColor: '#495057',
      cursorColor: '#e03131',
      cursorWidth: 2,
      minPxPerSec: initialZoom.current,
      autoScroll: true,
      autoCenter: true,
      dragToSeek: true,
      plugins: [plugin],
    });
    plugin.on('region-updated', (region: Region) => {
      const placed = handlers.current.onTiming(region.id, {
        startMs: Math.round(region.start * 1000),
        endMs: Math.round(region.end * 1000),
      });
      region.setOptions({ start: placed.startMs / 1000, end: placed.endMs / 1000 });
    });
    plugin.on('region-clicked', (region: Region, event: MouseEvent) => {
      event.stopPropagation();
      handlers.current.onSelect(region.id);
    });
    surfer.current = instance;
    // Its scrolling strip takes focus, so the arrow keys scroll a long waveform (WCAG 2.1.1).
    const strip = instance.getWrapper().parentElement;
    strip?.setAttribute('tabindex', '0');
    strip?.setAttribute('role', 'group');
    strip?.setAttribute('aria-label', 'Waveform timeline');
    // A region added before wavesurfer knows the duration is clamped to 0 (a marker): add the cues
    // once it does (at once when the media's metadata is already there).
    let added = false;
    const addCues = () => {
      if (added) return;
      added = true;
      setRegions(plugin);
    };
    if (instance.getDuration() > 0) addCues();
    instance.on('decode', addCues);
    instance.on('ready', addCues);
    return () => {
      surfer.current = null;
      setRegions(null);
      instance.destroy();
    };
    // The instance lives as long as the media and its peaks; zoom and cues are applied below.
  }, [media, peaks, durationSeconds]);

  useEffect(() => {
    surfer.current?.zoom(zoom);
  }, [zoom]);

  useEffect(() => {
    const plugin = regions;
    if (!plugin) return;
    const existing = new Map<string, Region>(
      plugin.getRegions().map((region: Region) => [region.id, region]),
    );
    cues.forEach((cue, index) => {
      const start = cue.startMs / 1000;
      const end = cue.endMs / 1000;
      const color = cue.id === selectedId ? SELECTED_COLOR : CUE_COLOR;
      const region = existing.get(cue.id);
      existing.delete(cue.id);
      if (!region) {
        plugin.addRegion({
          id: cue.id,
          start,
          end,
          color,
          content: String(index + 1),
          drag: true,
          resize: true,
        });
      } else if (region.start !== start || region.end !== end || region.color !== color) {
        region.setOptions({ start, end, color, content: String(index + 1) });
      }
    });
    for (const stale of existing.values()) stale.remove();
  }, [regions, cues, selectedId]);

  useShotChangeMarks(regions ? surfer.current : null, shotChangesMs, durationSeconds);

  return (
    <section ref={container} className={classes.waveform} aria-label="Waveform with the cues as regions" />
  );
});
