import { describe, expect, it } from 'vitest';
import { EMBED_DEFAULT_RATIO, iframeAttributes, recogniseEmbed, startSeconds, VIDEO_RATIO } from '../../model/embedProviders';

describe('recogniseEmbed: what cannot be displayed', () => {
  it.each([
    'ftp://files.example.org/x',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'www.example.org',
    'mailto:a@b.example',
    '/relative/path',
    '',
    '<div src="https://example.org"></div>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>x</script>"></iframe>',
    '<iframe src="data:text/html,x"></iframe>',
  ])('%j → null', (input) => {
    expect(recogniseEmbed(input)).toBeNull();
  });
});

describe('recogniseEmbed: providers in the spec order', () => {
  it('an embed code gives only its src, ratio from width/height, its allowed features and title', () => {
    const embed = recogniseEmbed(
      `<iframe src="https://player.example.org/v/9?a=1&amp;b=2" width="640" height='360' title="Clip &amp; more" allow="autoplay; camera; geolocation; clipboard-write" onload="x()" srcdoc="<b>x</b>" sandbox=""></iframe>`,
    );
    expect(embed).toEqual({
      provider: 'iframe',
      src: 'https://player.example.org/v/9?a=1&b=2',
      ratio: 640 / 360,
      allow: 'fullscreen; autoplay; clipboard-write',
      allowFullscreen: true,
      title: 'Clip & more',
    });
  });

  it('an embed code of a known provider stays as its author wrote it (the snippet comes first)', () => {
    expect(recogniseEmbed('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toMatchObject({
      provider: 'iframe',
      src: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      ratio: EMBED_DEFAULT_RATIO,
      allow: 'fullscreen',
    });
  });

  it('reads the attributes of the first iframe tag only, case-insensitively', () => {
    const attributes = iframeAttributes('<IFRAME SRC=//cdn.example.org/e WIDTH=400 height="300"></IFRAME><iframe src="https://evil.example"></iframe>');
    expect(Object.fromEntries(attributes!)).toEqual({ src: '//cdn.example.org/e', width: '400', height: '300' });
  });

  it.each([
    ['https://quizlet.com/123456789/biologie-zelle-flash-cards/', 'https://quizlet.com/123456789/flashcards/embed'],
    ['https://quizlet.com/de/123456789/biologie-zelle-flash-cards/', 'https://quizlet.com/123456789/flashcards/embed'],
    ['https://quizlet.com/123456789/learn', 'https://quizlet.com/123456789/learn/embed'],
    ['https://quizlet.com/123456789/scatter/embed', 'https://quizlet.com/123456789/match/embed'],
    ['https://quizlet.com/123456789/match/embed?i=2abc&x=1jj1&other=drop', 'https://quizlet.com/123456789/match/embed?i=2abc&x=1jj1'],
    ['https://www.quizlet.com/123456789/speller/embed', 'https://quizlet.com/123456789/spell/embed'],
    ['https://quizlet.com/123456789/test/embed', 'https://quizlet.com/123456789/test/embed'],
    ['//quizlet.com/123456789/flashcards', 'https://quizlet.com/123456789/flashcards/embed'],
  ])('flashcard service: %s → %s', (input, src) => {
    expect(recogniseEmbed(input)).toEqual({ provider: 'quizlet', src, ratio: EMBED_DEFAULT_RATIO, allow: expect.stringContaining('fullscreen'), allowFullscreen: true });
  });

  it('quizlet pages without a set id are plain pages', () => {
    expect(recogniseEmbed('https://quizlet.com/features/flashcards')?.provider).toBe('src');
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3723'],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://youtu.be/dQw4w9WgXcQ?t=90s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=2m', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=120'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    ['https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['//youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ])('video service: %s → %s at 16:9', (input, src) => {
    expect(recogniseEmbed(input)).toMatchObject({ provider: 'youtube', src, ratio: VIDEO_RATIO, allowFullscreen: true });
  });

  it('shorts are portrait', () => {
    expect(recogniseEmbed('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toMatchObject({ src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', ratio: 9 / 16 });
  });

  it('a youtube page without a valid video or list is a plain page; odd ids are not copied into the embed', () => {
    expect(recogniseEmbed('https://www.youtube.com/channel/UC123')?.provider).toBe('src');
    expect(recogniseEmbed('https://www.youtube.com/watch?v=short')?.provider).toBe('src');
    expect(recogniseEmbed('https://www.youtube.com/watch?v=dQw4w9WgXc%22')?.provider).toBe('src');
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871#t=1m30s', 'https://player.vimeo.com/video/76979871#t=90s'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc123def0&autoplay=1', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
  ])('second video service: %s → %s', (input, src) => {
    expect(recogniseEmbed(input)).toMatchObject({ provider: 'vimeo', src, ratio: VIDEO_RATIO, allowFullscreen: true });
  });

  it.each([
    ['https://h5p.org/node/617', 'https://h5p.org/h5p/embed/617'],
    ['https://lms.school.example/h5p/embed/42', 'https://lms.school.example/h5p/embed/42'],
    ['https://moodle.school.example/mod/hvp/view.php?id=17', 'https://moodle.school.example/mod/hvp/embed.php?id=17'],
    ['https://moodle.school.example/h5p/embed.php?url=https%3A%2F%2Fmoodle.school.example%2Fx.h5p', 'https://moodle.school.example/h5p/embed.php?url=https%3A%2F%2Fmoodle.school.example%2Fx.h5p'],
  ])('generic embed service (H5P): %s → %s', (input, src) => {
    expect(recogniseEmbed(input)).toMatchObject({ provider: 'h5p', src, ratio: EMBED_DEFAULT_RATIO, allow: expect.stringContaining('fullscreen') });
  });

  it('anything else displayable is the plain src, as written, at 4:3 with fullscreen allowed', () => {
    expect(recogniseEmbed('  https://sim.example.org/wasser?user={{email}}  ')).toEqual({
      provider: 'src',
      src: 'https://sim.example.org/wasser?user={{email}}',
      ratio: EMBED_DEFAULT_RATIO,
      allow: 'fullscreen; picture-in-picture; encrypted-media',
      allowFullscreen: true,
    });
    expect(recogniseEmbed('//cdn.example.org/e')?.src).toBe('//cdn.example.org/e');
  });
});

describe('startSeconds', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['2m', 120],
    ['1h2m3s', 3723],
    ['1H', 3600],
  ])('%s → %d', (value, seconds) => expect(startSeconds(value)).toBe(seconds));
  it.each(['', 'abc', '1:30', '-5', 's'])('%j → null', (value) => expect(startSeconds(value)).toBeNull());
});
