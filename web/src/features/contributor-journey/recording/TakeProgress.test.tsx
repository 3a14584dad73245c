import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JourneyQuestion } from '../types';
import type { QuestionUpload } from '../uploads/upload-manager';
import { useUploadsStore } from '../uploads/uploads';
import { TakeProgress } from './TakeProgress';

const q = (id: string, sequence: number): JourneyQuestion => ({
  campaignQuestionId: id,
  question: `Question ${id}`,
  sequence,
  videoConfig: { speed: 20, contrast: 50, fontSize: null },
  sentForReRecording: false,
  uploadStatus: 'none',
  stored: false,
  toAsk: true,
});

const upload = (id: string, phase: QuestionUpload['phase'], progress: number, error?: string): QuestionUpload => ({
  takeId: `take-${id}`,
  campaignQuestionId: id,
  phase,
  progress,
  bytes: 1000,
  uploadedBytes: progress * 1000,
  error,
});

const setUploads = (...list: QuestionUpload[]) =>
  act(() => useUploadsStore.setState({ byQuestion: Object.fromEntries(list.map((u) => [u.campaignQuestionId, u])) }));

beforeEach(() => useUploadsStore.setState({ byQuestion: {} }));

describe('TakeProgress (the studio after Next)', () => {
  const numbers = { q1: 1, q2: 2, q3: 3 };

  it("shows the previous take's upload with its percent, and says when the page may be closed", () => {
    const sent = [q('q2', 2)];
    setUploads(upload('q2', 'uploading', 0.45));
    render(<TakeProgress sent={sent} numbers={numbers} onRecordAgain={() => undefined} disabled={false} />);
    expect(screen.getByTestId('sent-take')).toHaveTextContent('Question 2: Uploading 45%');
    expect(screen.getByRole('status')).toHaveTextContent('Keep this page open until your answers are safely stored.');

    setUploads(upload('q2', 'stored', 100));
    expect(screen.getByTestId('sent-take')).toHaveTextContent('Question 2: Safely stored');
    expect(screen.getByRole('status')).toHaveTextContent('Every answer you sent is safely stored: you can close this page.');
  });

  it('offers to record a failed take again, and to retry a lost connection', () => {
    const onRecordAgain = vi.fn();
    const sent = [q('q1', 1), q('q2', 2)];
    setUploads(upload('q1', 'failed', 0, 'The video could not be used. Please record it again.'), upload('q2', 'stored', 100));
    render(<TakeProgress sent={sent} numbers={numbers} onRecordAgain={onRecordAgain} disabled={false} />);
    expect(screen.getAllByTestId('sent-take')[0]).toHaveTextContent('Question 1: The video could not be used. Please record it again.');
    expect(screen.getByRole('status')).toHaveTextContent('Keep this page open');
    fireEvent.click(screen.getByRole('button', { name: 'Record question 1 again' }));
    expect(onRecordAgain).toHaveBeenCalledWith(sent[0]);

    setUploads(upload('q1', 'retrying', 0.2), upload('q2', 'stored', 100));
    expect(screen.getAllByTestId('sent-take')[0]).toHaveTextContent('Connection lost');
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeInTheDocument();
  });

  it('shows nothing before a take was sent', () => {
    const { container } = render(<TakeProgress sent={[]} numbers={numbers} onRecordAgain={() => undefined} disabled={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
