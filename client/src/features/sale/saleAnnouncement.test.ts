// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { saleAnnouncement } from './saleAnnouncement';

describe('saleAnnouncement', () => {
  it('names the sale, discount, sub-categories, collection and audience', () => {
    expect(
      saleAnnouncement(
        {
          saleName: 'Diwali Edit',
          discount: 20,
          subCategories: [{ categoryType: 'Stretch Pant' }, { categoryType: 'Flexiwaist Pant' }],
          categoryData: { categoryType: 'Trousers' },
          gender: 'Men',
        },
        'drape',
      ),
    ).toBe("drape's Diwali Edit sale is live — flat 20% off on Stretch Pant, Flexiwaist Pant in the Trousers collection for Men");
  });

  it('leaves out what the sale does not name and addresses everyone for All', () => {
    expect(
      saleAnnouncement({ saleName: 'Monsoon', discount: 10, subCategories: [], categoryData: null, gender: 'All' }, 'drape'),
    ).toBe("drape's Monsoon sale is live — flat 10% off for everyone");
  });

  it('does not name the audience twice when the collection is it', () => {
    expect(
      saleAnnouncement(
        { saleName: 'Festive Formals', discount: 20, subCategories: [{ categoryType: 'Formal Shirts' }], categoryData: { categoryType: 'Men' }, gender: 'Men' },
        'drape',
      ),
    ).toBe("drape's Festive Formals sale is live — flat 20% off on Formal Shirts in the Men collection");
  });

  it('leaves out an All collection', () => {
    expect(
      saleAnnouncement({ saleName: 'Summer', discount: 15, subCategories: [], categoryData: { categoryType: 'All' }, gender: 'Women' }, 'drape'),
    ).toBe("drape's Summer sale is live — flat 15% off for Women");
  });
});
