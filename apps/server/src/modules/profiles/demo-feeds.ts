/**
 * The two feeds the demo data ships (docs/design.md §10 shapes): a retailer's products by region
 * and a travel brand's destinations. The seed stores them as uploaded files and syncs them like
 * any feed, so a newcomer sees rules, figures and row errors that came from a real import. Their
 * `Conditions` columns name the demo conditions (conditions.seed.ts, seeded first), so the
 * simulator has something to show.
 */
import type { TemplateColumn } from '../../feeds/validate-rows';
import { DEMO_CONDITIONS } from '../conditions';

export interface DemoFeed {
  name: string;
  fileName: string;
  contentType: string;
  template: { name: string; columns: TemplateColumn[] };
  text: string;
}

const REGIONS = ['North', 'South', 'East', 'West'] as const;
/**
 * Per region, in feed order: rows whose `Conditions` hold come first (rule selection takes the first
 * rule that holds), the everyday rows after them. Each product keeps its SKU number.
 */
const PRODUCTS: readonly {
  sku: number;
  name: string;
  price: number;
  conditions?: string;
  active?: false;
  end?: string;
}[] = [
  { sku: 1002, name: 'Waterproof jacket', price: 129, conditions: DEMO_CONDITIONS.cold },
  { sku: 1004, name: 'Insulated bottle', price: 24.99, conditions: DEMO_CONDITIONS.mornings },
  {
    sku: 1005,
    name: 'Daypack 22 L',
    price: 74,
    conditions: `${DEMO_CONDITIONS.weekend}; ${DEMO_CONDITIONS.mobile}`,
  },
  { sku: 1001, name: 'Trail running shoes', price: 89.95 },
  { sku: 1003, name: 'Merino base layer', price: 59.5, end: '2026-08-31' },
  { sku: 1006, name: 'Trekking poles', price: 49.9, active: false },
];

function retailCsv(): string {
  const lines = [
    'Unique_ID,Reporting_Label,Region,Product_Name,Price,Image_URL,Exit_URL,Is_Default,Active,Start_Date,End_Date,Conditions',
  ];
  for (const [r, region] of REGIONS.entries()) {
    for (const product of PRODUCTS) {
      const slug = product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      lines.push(
        [
          `SKU-${product.sku}-${region.slice(0, 1)}`,
          `${region} – ${product.name}`,
          region,
          `"${product.name}"`,
          // Regions price a little differently, as real feeds do.
          (product.price * (1 + r * 0.02)).toFixed(2),
          `https://cdn.northwind.example/products/${slug}.jpg`,
          `https://shop.northwind.example/${region.toLowerCase()}/${slug}`,
          r === 0 && product.sku === 1001 ? 'TRUE' : 'FALSE',
          product.active === false ? 'FALSE' : 'TRUE',
          '2026-06-01',
          product.end ?? '',
          product.conditions ? `"${product.conditions}"` : '',
        ].join(','),
      );
    }
  }
  // Rows a client gets wrong: a price that is no number, a repeated id, a missing label.
  lines.push(
    'SKU-2001-N,North – Camping stove,North,Camping stove,ask in store,https://cdn.northwind.example/products/stove.jpg,https://shop.northwind.example/north/stove,FALSE,TRUE,2026-06-01,,',
    'SKU-1001-N,North – Duplicate,North,Trail running shoes,89.95,https://cdn.northwind.example/products/x.jpg,https://shop.northwind.example/x,FALSE,TRUE,,,',
    'SKU-2002-S,,South,Headlamp,19.99,https://cdn.northwind.example/products/headlamp.jpg,https://shop.northwind.example/south/headlamp,FALSE,TRUE,,,',
    'SKU-2003-E,East – Rain cover,East,Rain cover,14.5,https://cdn.northwind.example/products/rain-cover.jpg,https://shop.northwind.example/east/rain-cover,FALSE,TRUE,,,Rainy days',
  );
  return `${lines.join('\n')}\n`;
}

/** Destinations in feed order, the conditioned first; the last column is the row's `Conditions`. */
const DESTINATIONS = [
  ['Marrakesh', 'Morocco', 219, 'Souks, riads and mint tea', DEMO_CONDITIONS.cold],
  ['Reykjavík', 'Iceland', 329, 'Northern lights season', DEMO_CONDITIONS.newsletter],
  ['Lisbon', 'Portugal', 149, 'Pastel de nata and tram 28', DEMO_CONDITIONS.benelux],
  ['Kyoto', 'Japan', 689, 'Temples in autumn colour', ''],
  ['Québec City', 'Canada', 499, 'Winter carnival', ''],
  ['Cape Town', 'South Africa', 759, 'Table Mountain sunsets', ''],
  ['Dubrovnik', 'Croatia', 189, 'Walls over the Adriatic', ''],
  ['Queenstown', 'New Zealand', 1190, 'Adventure capital', ''],
] as const;

function travelTsv(): string {
  const lines = [
    'Unique_ID\tReporting_Label\tDestination\tCountry\tPrice_From\tHeadline\tImage_URL\tExit_URL\tIs_Default\tConditions',
  ];
  for (const [i, [city, country, price, headline, conditions]] of DESTINATIONS.entries()) {
    const slug = city
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '-');
    lines.push(
      [
        `DEST-${String(i + 1).padStart(3, '0')}`,
        `${city} – from ${price}`,
        city,
        country,
        String(price),
        headline,
        `https://img.skyway.example/destinations/${slug}.jpg`,
        `https://www.skyway.example/deals/${slug}`,
        // The everyday first choice is the default.
        city === 'Kyoto' ? 'TRUE' : 'FALSE',
        conditions,
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}

export const DEMO_FEEDS: readonly DemoFeed[] = [
  {
    name: 'Northwind Outdoor – products by region',
    fileName: 'northwind-products.csv',
    contentType: 'text/csv',
    template: {
      name: 'Retail products',
      columns: [
        { name: 'Region', type: 'text', required: true },
        { name: 'Product_Name', type: 'text', required: true },
        { name: 'Price', type: 'number', required: true },
        { name: 'Image_URL', type: 'image_url', required: true },
        { name: 'Exit_URL', type: 'url', required: true },
      ],
    },
    text: retailCsv(),
  },
  {
    name: 'Skyway Travel – destinations',
    fileName: 'skyway-destinations.tsv',
    contentType: 'text/tab-separated-values',
    template: {
      name: 'Travel destinations',
      columns: [
        { name: 'Destination', type: 'text', required: true },
        { name: 'Price_From', type: 'number', required: true },
        { name: 'Image_URL', type: 'image_url', required: false },
        { name: 'Exit_URL', type: 'url', required: true },
      ],
    },
    text: travelTsv(),
  },
];
