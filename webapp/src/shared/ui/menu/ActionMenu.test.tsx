import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/renderApp';
import { ActionMenu } from './ActionMenu';

function Demo({ hidden = false }: { hidden?: boolean }) {
  const [chosen, setChosen] = useState('nothing');
  return (
    <>
      <ActionMenu label="Actions" accessibleLabel="Actions: Genesis 1">
        <a href="/notes">View notes</a>
        {hidden && <button type="button">Hidden</button>}
        <button type="button" onClick={() => setChosen('edit')}>
          Edit entry
        </button>
        <button type="button" onClick={() => setChosen('delete')}>
          Delete entries
        </button>
      </ActionMenu>
      <button type="button">After</button>
      <p>Chosen: {chosen}</p>
    </>
  );
}

describe('ActionMenu', () => {
  it('is a menu button: opens on its first item, arrows and letters move, Escape returns', async () => {
    const { user } = renderWithProviders(<Demo />);
    const button = screen.getByRole('button', { name: 'Actions: Genesis 1' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.tab();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions: Genesis 1' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View notes', 'Edit entry', 'Delete entries']);
    expect(items[0]).toHaveFocus();
    expect(menu).toContainElement(items[0]!);

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('e');
    expect(items[1]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('menuitem')[2]).toHaveFocus();
  });

  it('closes on choosing an item, with focus back on the button, and on Tab or a click outside', async () => {
    const { user } = renderWithProviders(<Demo />);
    const button = screen.getByRole('button', { name: 'Actions: Genesis 1' });
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Edit entry' }));
    expect(screen.getByText('Chosen: edit')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await user.click(screen.getByText(/^Chosen/));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('renders items from a function only while open', async () => {
    const { user } = renderWithProviders(
      <ActionMenu label="Actions" accessibleLabel="Actions: Psalm 1">
        {(item) => (
          <button {...item} type="button">
            Log…
          </button>
        )}
      </ActionMenu>,
    );
    expect(screen.queryByText('Log…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions: Psalm 1' }));
    expect(screen.getByRole('menuitem', { name: 'Log…' })).toHaveFocus();
  });
});
