/**
 * The two feeds the demo data ships (DESIGN section 10 shapes): a retailer's products by region
 * and a travel brand's destinations. The seed stores them as uploaded files and syncs them like
 * any feed, so a newcomer sees rules, figures and row errors that came from a real import.
 */

export interface DemoFeed {
  name: string;
  fileName: string;
  contentType: string;
  template: { name: string; columns: { name: string; type: string; required: boolean }[] };
  text: string;
}

const REGIONS = ['North', 'South', 'East', 'West'] as const;
const PRODUCTS = [
  ['Trail running shoes', 89.95],
  ['Waterproof jacket', 129],
  ['Merino base layer', 59.5],
  ['Insulated bottle', 24.99],
  ['Daypack 22 L', 74],
  ['Trekking poles', 49.9],
] as const;

function retailCsv(): string {
  const lines = [
    'Unique_ID,Reporting_Label,Region,Product_Name,Price,Image_URL,Exit_URL,Is_Default,Active,Start_Date,End_Date',
  ];
  for (const [r, region] of REGIONS.entries()) {
    for (const [p, [product, price]] of PRODUCTS.entries()) {
      const sku = `SKU-${1001 + p}-${region.slice(0, 1)}`;
      const slug = product.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      lines.push(
        [
          sku,
          `${region} – ${product}`,
          region,
          `"${product}"`,
          // Regions price a little differently, as real feeds do.
          (price * (1 + r * 0.02)).toFixed(2),
          `https://cdn.northwind.example/products/${slug}.jpg`,
          `https://shop.northwind.example/${region.toLowerCase()}/${slug}`,
          r === 0 && p === 0 ? 'TRUE' : 'FALSE',
          p === 5 ? 'FALSE' : 'TRUE',
          '2026-06-01',
          p === 4 ? '2026-08-31' : '',
        ].join(','),
      );
    }
  }
  // Rows a client gets wrong: a price that is no number, a repeated id, a missing label.
  lines.push(
    'SKU-2001-N,North – Camping stove,North,Camping stove,ask in store,https://cdn.northwind.example/products/stove.jpg,https://shop.northwind.example/north/stove,FALSE,TRUE,2026-06-01,',
    'SKU-1001-N,North – Duplicate,North,Trail running shoes,89.95,https://cdn.northwind.example/products/x.jpg,https://shop.northwind.example/x,FALSE,TRUE,,',
    'SKU-2002-S,,South,Headlamp,19.99,https://cdn.northwind.example/products/headlamp.jpg,https://shop.northwind.example/south/headlamp,FALSE,TRUE,,',
  );
  return `${lines.join('\n')}\n`;
}

const DESTINATIONS = [
  ['Lisbon', 'Portugal', 149, 'Pastel de nata and tram 28'],
  ['Kyoto', 'Japan', 689, 'Temples in autumn colour'],
  ['Reykjavík', 'Iceland', 329, 'Northern lights season'],
  ['Marrakesh', 'Morocco', 219, 'Souks, riads and mint tea'],
  ['Québec City', 'Canada', 499, 'Winter carnival'],
  ['Cape Town', 'South Africa', 759, 'Table Mountain sunsets'],
  ['Dubrovnik', 'Croatia', 189, 'Walls over the Adriatic'],
  ['Queenstown', 'New Zealand', 1190, 'Adventure capital'],
] as const;

function travelTsv(): string {
  const lines = [
    'Unique_ID\tReporting_Label\tDestination\tCountry\tPrice_From\tHeadline\tImage_URL\tExit_URL\tIs_Default',
  ];
  for (const [i, [city, country, price, headline]] of DESTINATIONS.entries()) {
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
        i === 0 ? 'TRUE' : 'FALSE',
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
