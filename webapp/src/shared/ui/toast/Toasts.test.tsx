import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderApp';
import { useToast } from './useToast';

function Demo() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Reading saved')}>
        Save
      </button>
      <button type="button" onClick={() => toast.error('Could not save')}>
        Fail
      </button>
    </>
  );
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('closes by itself after 5 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<Demo />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Reading saved');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be closed by hand', async () => {
    const { user } = renderWithProviders(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not save');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses role alert for errors and status for successes', async () => {
    const { user } = renderWithProviders(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('status')).toHaveTextContent('Success: Reading saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Could not save');
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
  });

  it('waits while the pointer rests on a toast', () => {
    vi.useFakeTimers();
    renderWithProviders(<Demo />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
