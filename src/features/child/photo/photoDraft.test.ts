import { describe, expect, it } from 'vitest';
import { keepPhoto, photoWrite } from './photoDraft';

const file = { name: 'me.png', size: 10, type: 'image/png' } as File;

describe('photoWrite', () => {
  it('uploads a chosen photo, whether or not the record had one', () => {
    expect(photoWrite({ kind: 'replace', file }, false)).toEqual({ kind: 'upload', file });
    expect(photoWrite({ kind: 'replace', file }, true)).toEqual({ kind: 'upload', file });
  });

  it('removes only a photo that is there', () => {
    expect(photoWrite({ kind: 'remove' }, true)).toEqual({ kind: 'remove' });
    expect(photoWrite({ kind: 'remove' }, false)).toEqual({ kind: 'none' });
  });

  it('does nothing when the photo is kept', () => {
    expect(photoWrite(keepPhoto, true)).toEqual({ kind: 'none' });
  });
});
