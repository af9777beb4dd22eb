import { ActionIcon, Box, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import classes from './carousel.module.css';
import { CAROUSEL_SPEED_MS, type DemoSlide, wrapSlide } from './demo-videos';

function DemoSlideView({
  slide,
  position,
  count,
  active,
  register,
}: {
  slide: DemoSlide;
  position: number;
  count: number;
  active: boolean;
  register: (element: HTMLVideoElement | null) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as role="group".
    <div
      className={classes.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}: ${slide.title}`}
      aria-hidden={!active}
      // Off-screen slides keep their controls out of the tab order.
      inert={!active}
    >
      {slide.url ? (
        // biome-ignore lint/a11y/useMediaCaption: the subtitles are burned into the picture, the product itself.
        <video
          ref={register}
          className={classes.video}
          src={slide.url}
          poster={slide.poster}
          preload="metadata"
          controls
          loop
          playsInline
          aria-label={slide.title}
        />
      ) : (
        <img className={classes.video} src={slide.poster} alt={slide.title} />
      )}
    </div>
  );
}

/**
 * PRODUCT.md §2, home: demo videos, looping, next/previous arrows and dots; the videos pause when the slide
 * changes. Built after the WAI-ARIA carousel pattern; left and right arrow keys move too.
 */
export function DemoCarousel({ slides }: { slides: readonly DemoSlide[] }) {
  const [index, setIndex] = useState(0);
  const elements = useRef<(HTMLVideoElement | null)[]>([]);
  const count = slides.length;

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
          {slides.map((slide, position) => (
            <DemoSlideView
              key={slide.url ?? slide.poster}
              slide={slide}
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
          {slides.map((slide, position) => (
            <button
              key={slide.url ?? slide.poster}
              type="button"
              className={classes.dot}
              aria-label={`Show video ${position + 1}: ${slide.title}`}
              aria-current={position === index}
              onClick={() => setIndex(position)}
            />
          ))}
        </Group>
      )}
    </Box>
  );
}
