import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PictureList } from './PictureList';

function Editor({ start }: { start: string[] }) {
  const [images, setImages] = useState(start);
  return <PictureList images={images} pending={[]} disabled={false} onChange={setImages} onFiles={() => undefined} />;
}

const order = () => screen.getAllByRole('img').map((image) => image.getAttribute('src'));

describe('PictureList', () => {
  it('moves a picture with the keyboard, keeping focus on it, and says where it went', async () => {
    render(<Editor start={['/a.jpg', '/b.jpg', '/c.jpg']} />);
    expect(screen.getByRole('button', { name: 'Move picture 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move picture 3 later' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['/a.jpg', '/c.jpg', '/b.jpg']);
    expect(screen.getByRole('button', { name: 'Move picture 2 earlier' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['/c.jpg', '/a.jpg', '/b.jpg']);
    expect(screen.getByRole('img', { name: '1 of 3, the thumbnail' })).toHaveAttribute('src', '/c.jpg');
    // The first has no "earlier": focus goes to its "later".
    expect(screen.getByRole('button', { name: 'Move picture 1 later' })).toHaveFocus();
    expect(screen.getByText(/Picture moved to place 1 of 3: it is the thumbnail now/)).toBeInTheDocument();
  });

  it('removes a picture', async () => {
    render(<Editor start={['/a.jpg', '/b.jpg']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(order()).toEqual(['/b.jpg']);
  });

  it('offers a drop zone over a real file input for several pictures', () => {
    render(<Editor start={[]} />);
    const input = screen.getByLabelText(/Add pictures/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(screen.getByText('Drop pictures here or choose files')).toBeInTheDocument();
  });
});
