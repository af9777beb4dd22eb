import { ActionIcon, Box, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import classes from './carousel.module.css';
import { CAROUSEL_SPEED_MS, DEMO_VIDEOS, type DemoVideo, wrapSlide } from './demo-videos';

function DemoSlide({
  video,
  position,
  count,
  active,
  register,
}: {
  video: DemoVideo;
  position: number;
  count: number;
  active: boolean;
  register: (element: HTMLVideoElement | null) => void;
}) {
  const [unavailable, setUnavailable] = useState(false);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as role="group".
    <div
      className={classes.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}: ${video.title}`}
      aria-hidden={!active}
      // Off-screen slides keep their controls out of the tab order.
      inert={!active}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the demos show subtitles burned into the picture, the product itself. */}
      <video
        ref={register}
        className={classes.video}
        src={video.url}
        poster={video.poster}
        preload="none"
        controls
        loop
        playsInline
        aria-label={video.title}
        onError={() => setUnavailable(true)}
      />
      {unavailable && <span className={classes.unavailable}>This demo video is not published yet.</span>}
    </div>
  );
}

/**
 * SPEC home: two demo videos with posters, looping, next/previous arrows and dots; the videos pause
 * when the slide changes. Built after the WAI-ARIA carousel pattern; left and right arrow keys move too.
 */
export function DemoCarousel({ videos = DEMO_VIDEOS }: { videos?: readonly DemoVideo[] }) {
  const [index, setIndex] = useState(0);
  const elements = useRef<(HTMLVideoElement | null)[]>([]);
  const count = videos.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every slide change pauses the videos.
  useEffect(() => {
    // Only a playing video: pause() on one never started would make it start loading.
    for (const element of elements.current) if (element && !element.paused) element.pause();
  }, [index]);

  const move = (step: number) => setIndex((current) => wrapSlide(current, step, count));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // A focused video uses the arrow keys to seek.
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };

  if (count === 0) return null;
  return (
    <Box component="section" aria-roledescription="carousel" aria-label="Demo videos" onKeyDown={onKeyDown}>
      <div className={classes.viewport}>
        <div
          className={classes.track}
          aria-live="polite"
          style={
            {
              transform: `translateX(-${index * 100}%)`,
              '--carousel-speed': `${CAROUSEL_SPEED_MS}ms`,
            } as CSSProperties
          }
        >
          {videos.map((video, position) => (
            <DemoSlide
              key={video.url}
              video={video}
              position={position}
              count={count}
              active={position === index}
              register={(element) => {
                elements.current[position] = element;
              }}
            />
          ))}
        </div>
        {count > 1 && (
          <>
            <ActionIcon
              className={`${classes.arrow} ${classes.previous}`}
              variant="white"
              size="lg"
              radius="xl"
              aria-label="Previous video"
              onClick={() => move(-1)}
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
            <ActionIcon
              className={`${classes.arrow} ${classes.next}`}
              variant="white"
              size="lg"
              radius="xl"
              aria-label="Next video"
              onClick={() => move(1)}
            >
              <IconChevronRight aria-hidden />
            </ActionIcon>
          </>
        )}
      </div>
      {count > 1 && (
        <Group justify="center" gap={4} mt="xs" role="group" aria-label="Choose a demo video">
          {videos.map((video, position) => (
            <button
              key={video.url}
              type="button"
              className={classes.dot}
              aria-label={`Show video ${position + 1}: ${video.title}`}
              aria-current={position === index}
              onClick={() => setIndex(position)}
            />
          ))}
        </Group>
      )}
    </Box>
  );
}
