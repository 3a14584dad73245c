import { describe, expect, it } from 'vitest';
import { questionState } from '../uploads/question-state';
import { baseContentType, pickMimeType, pickResolution, uploadFileType } from '../recording/media';
import type { JourneyQuestion } from '../types';
import { detectDeviceType, orientationAlert } from './device';
import { readingSeconds, toParagraphs } from './text';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET_UA = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('device type and orientation', () => {
  it('Mobile 300..600, Tablet 768..1024, else Desktop; user agents win', () => {
    expect(detectDeviceType(390, DESKTOP_UA)).toBe('Mobile');
    expect(detectDeviceType(800, DESKTOP_UA)).toBe('Tablet');
    expect(detectDeviceType(700, DESKTOP_UA)).toBe('Desktop');
    expect(detectDeviceType(1280, DESKTOP_UA)).toBe('Desktop');
    expect(detectDeviceType(1280, IPHONE_UA)).toBe('Mobile');
    expect(detectDeviceType(1280, ANDROID_TABLET_UA)).toBe('Tablet');
  });

  it('blocks the start on phones and tablets held the wrong way', () => {
    expect(orientationAlert('landscape', 'portrait', 'Mobile')).toBe('turn to landscape');
    expect(orientationAlert('portrait', 'landscape', 'Tablet')).toBe('turn to portrait');
    expect(orientationAlert('landscape', 'landscape', 'Mobile')).toBeNull();
    expect(orientationAlert('portrait', 'landscape', 'Desktop')).toBeNull();
  });
});

describe('capture', () => {
  it('prefers 1920x1080, else 1280x720, else the device limit, else 854x480', () => {
    expect(pickResolution({ width: { max: 3840 }, height: { max: 2160 } })).toEqual({ width: 1920, height: 1080 });
    expect(pickResolution({ width: { max: 1280 }, height: { max: 960 } })).toEqual({ width: 1280, height: 720 });
    expect(pickResolution({ width: { max: 1024 }, height: { max: 576 } })).toEqual({ width: 1024, height: 576 });
    expect(pickResolution(null)).toEqual({ width: 854, height: 480 });
  });

  it('tries MP4 first, then WebM, and reports none', () => {
    expect(pickMimeType((t) => t.startsWith('video/mp4;codecs=avc1,opus') || t.startsWith('video/webm'))).toBe('video/mp4;codecs=avc1,opus');
    expect(pickMimeType((t) => t.startsWith('video/webm'))).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType(() => false)).toBeNull();
    expect(baseContentType('video/mp4;codecs=avc1,opus')).toBe('video/mp4');
  });

  it('accepts video files up to 500 MB only', () => {
    expect(uploadFileType({ type: 'video/mp4', name: 'a.mp4', size: 10 })).toBe('video/mp4');
    expect(uploadFileType({ type: '', name: 'clip.MOV', size: 10 })).toBe('video/quicktime');
    expect(uploadFileType({ type: 'video/mp4', name: 'a.mp4', size: 500 * 1024 * 1024 + 1 })).toBeNull();
    expect(uploadFileType({ type: 'image/png', name: 'a.png', size: 10 })).toBeNull();
  });
});

describe('scripts', () => {
  it('paragraphs split on blank lines; 180 words per minute', () => {
    expect(toParagraphs('One\nstill one\n\n  \nTwo\n\n\nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(readingSeconds(Array(180).fill('word').join(' '))).toBe(60);
  });
});

describe('journey question state', () => {
  const q = { uploadStatus: 'none', sentForReRecording: false, failureReason: null } as unknown as JourneyQuestion;
  const local = { takeId: 't', campaignQuestionId: 'q', bytes: 10, uploadedBytes: 5 };

  it('shows upload progress up to 99 % until the server has the video', () => {
    expect(questionState(q, { ...local, phase: 'uploading', progress: 0.5 })).toMatchObject({ kind: 'uploading', percent: 50 });
    expect(questionState(q, { ...local, phase: 'uploading', progress: 0.999 })).toMatchObject({ percent: 99 });
    expect(questionState(q, { ...local, phase: 'retrying', progress: 0.2 }).label).toContain('saved on this device');
    expect(questionState(q, { ...local, phase: 'stored', progress: 100 })).toMatchObject({ kind: 'stored', label: 'Safely stored' });
  });

  it('falls back to the server state', () => {
    expect(questionState({ ...q, uploadStatus: 'stored' }, undefined).kind).toBe('stored');
    expect(questionState({ ...q, uploadStatus: 'stored', sentForReRecording: true }, undefined).kind).toBe('sent-back');
    expect(questionState(q, undefined).kind).toBe('to-record');
  });
});
