import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUpdates, offerUpdate, resetUpdateGate, updatesHeld } from './update-gate';

beforeEach(() => resetUpdateGate());

describe('when a waiting new version is activated', () => {
  it('at once when no recording or upload is under way', () => {
    const activate = vi.fn();
    offerUpdate(activate);
    expect(activate).toHaveBeenCalledOnce();
  });

  it('not while a recording is under way; when it ends', () => {
    const endRecording = holdUpdates();
    const activate = vi.fn();
    offerUpdate(activate);
    expect(activate).not.toHaveBeenCalled();
    endRecording();
    expect(activate).toHaveBeenCalledOnce();
  });

  it('waits for the last of several holds (a recording and takes still uploading)', () => {
    const endRecording = holdUpdates();
    const uploadsDone = holdUpdates();
    const activate = vi.fn();
    offerUpdate(activate);
    endRecording();
    expect(activate).not.toHaveBeenCalled();
    expect(updatesHeld()).toBe(true);
    uploadsDone();
    expect(activate).toHaveBeenCalledOnce();
    expect(updatesHeld()).toBe(false);
  });

  it('a hold released twice counts once: another recording still holds', () => {
    const first = holdUpdates();
    const second = holdUpdates();
    const activate = vi.fn();
    offerUpdate(activate);
    first();
    first();
    expect(activate).not.toHaveBeenCalled();
    second();
    expect(activate).toHaveBeenCalledOnce();
  });

  it('is activated once: a recording started after the activation does not activate it again', () => {
    const activate = vi.fn();
    offerUpdate(activate);
    holdUpdates()();
    expect(activate).toHaveBeenCalledOnce();
  });

  it('a newer waiting version replaces the one offered before', () => {
    const release = holdUpdates();
    const older = vi.fn();
    const newer = vi.fn();
    offerUpdate(older);
    offerUpdate(newer);
    release();
    expect(older).not.toHaveBeenCalled();
    expect(newer).toHaveBeenCalledOnce();
  });
});
