/**
 * Well-known US-listed stocks with their real names and listing exchanges. The demo provider simulates these
 * (from a price near where each traded in early 2015, with a drift and volatility typical of the stock), and the
 * CSV provider takes exchanges from here because its files carry none.
 */
export interface DirectoryStock {
  symbol: string;
  name: string;
  exchange: 'NASDAQ' | 'NYSE';
  /** Approximate price on 2015-01-02, where the simulation starts. */
  startPrice: number;
  /** Expected annual log return (drift) of the simulation. */
  drift: number;
  /** Annualised volatility of daily log returns. */
  volatility: number;
}

type Row = [
  symbol: string,
  name: string,
  exchange: DirectoryStock['exchange'],
  startPrice: number,
  drift: number,
  volatility: number,
];

// prettier-ignore
const ROWS: Row[] = [
  ['AAPL', 'Apple Inc.', 'NASDAQ', 109, 0.2, 0.28],
  ['MSFT', 'Microsoft Corporation', 'NASDAQ', 46, 0.2, 0.25],
  ['AMZN', 'Amazon.com, Inc.', 'NASDAQ', 308, 0.22, 0.32],
  ['GOOGL', 'Alphabet Inc. Class A', 'NASDAQ', 529, 0.15, 0.27],
  ['GOOG', 'Alphabet Inc. Class C', 'NASDAQ', 524, 0.15, 0.27],
  ['META', 'Meta Platforms, Inc.', 'NASDAQ', 78, 0.15, 0.36],
  ['NVDA', 'NVIDIA Corporation', 'NASDAQ', 20, 0.35, 0.48],
  ['TSLA', 'Tesla, Inc.', 'NASDAQ', 219, 0.25, 0.55],
  ['NFLX', 'Netflix, Inc.', 'NASDAQ', 340, 0.2, 0.42],
  ['ADBE', 'Adobe Inc.', 'NASDAQ', 72, 0.16, 0.3],
  ['INTC', 'Intel Corporation', 'NASDAQ', 36, 0.03, 0.32],
  ['CSCO', 'Cisco Systems, Inc.', 'NASDAQ', 28, 0.08, 0.25],
  ['AVGO', 'Broadcom Inc.', 'NASDAQ', 100, 0.25, 0.35],
  ['QCOM', 'QUALCOMM Incorporated', 'NASDAQ', 74, 0.08, 0.33],
  ['TXN', 'Texas Instruments Incorporated', 'NASDAQ', 53, 0.12, 0.26],
  ['AMD', 'Advanced Micro Devices, Inc.', 'NASDAQ', 2.67, 0.3, 0.55],
  ['PEP', 'PepsiCo, Inc.', 'NASDAQ', 95, 0.06, 0.17],
  ['COST', 'Costco Wholesale Corporation', 'NASDAQ', 142, 0.16, 0.2],
  ['SBUX', 'Starbucks Corporation', 'NASDAQ', 82, 0.08, 0.26],
  ['AMGN', 'Amgen Inc.', 'NASDAQ', 160, 0.07, 0.25],
  ['GILD', 'Gilead Sciences, Inc.', 'NASDAQ', 94, 0, 0.28],
  ['INTU', 'Intuit Inc.', 'NASDAQ', 92, 0.18, 0.28],
  ['BKNG', 'Booking Holdings Inc.', 'NASDAQ', 1140, 0.1, 0.3],
  ['ADP', 'Automatic Data Processing, Inc.', 'NASDAQ', 83, 0.12, 0.22],
  ['CMCSA', 'Comcast Corporation', 'NASDAQ', 29, 0.05, 0.24],
  ['TMUS', 'T-Mobile US, Inc.', 'NASDAQ', 27, 0.18, 0.28],
  ['MDLZ', 'Mondelez International, Inc.', 'NASDAQ', 36, 0.07, 0.2],
  ['ISRG', 'Intuitive Surgical, Inc.', 'NASDAQ', 530, 0.18, 0.3],
  ['VRTX', 'Vertex Pharmaceuticals Incorporated', 'NASDAQ', 119, 0.14, 0.32],
  ['REGN', 'Regeneron Pharmaceuticals, Inc.', 'NASDAQ', 410, 0.1, 0.33],
  ['MU', 'Micron Technology, Inc.', 'NASDAQ', 35, 0.12, 0.45],
  ['AMAT', 'Applied Materials, Inc.', 'NASDAQ', 25, 0.18, 0.38],
  ['LRCX', 'Lam Research Corporation', 'NASDAQ', 79, 0.22, 0.4],
  ['ADI', 'Analog Devices, Inc.', 'NASDAQ', 55, 0.14, 0.3],
  ['KLAC', 'KLA Corporation', 'NASDAQ', 70, 0.2, 0.36],
  ['MAR', 'Marriott International, Inc.', 'NASDAQ', 78, 0.1, 0.32],
  ['ORLY', "O'Reilly Automotive, Inc.", 'NASDAQ', 193, 0.18, 0.25],
  ['CSX', 'CSX Corporation', 'NASDAQ', 36, 0.1, 0.27],
  ['PANW', 'Palo Alto Networks, Inc.', 'NASDAQ', 122, 0.2, 0.38],
  ['MELI', 'MercadoLibre, Inc.', 'NASDAQ', 127, 0.25, 0.45],
  ['EBAY', 'eBay Inc.', 'NASDAQ', 56, 0.08, 0.3],
  ['EA', 'Electronic Arts Inc.', 'NASDAQ', 47, 0.12, 0.3],
  ['CTSH', 'Cognizant Technology Solutions Corporation', 'NASDAQ', 52, 0.06, 0.28],
  ['PCAR', 'PACCAR Inc', 'NASDAQ', 68, 0.1, 0.27],
  ['ROST', 'Ross Stores, Inc.', 'NASDAQ', 94, 0.1, 0.27],
  ['DLTR', 'Dollar Tree, Inc.', 'NASDAQ', 70, 0.06, 0.32],
  ['HON', 'Honeywell International Inc.', 'NASDAQ', 100, 0.08, 0.22],
  ['ASML', 'ASML Holding N.V.', 'NASDAQ', 107, 0.2, 0.35],
  ['SNPS', 'Synopsys, Inc.', 'NASDAQ', 43, 0.22, 0.28],
  ['CDNS', 'Cadence Design Systems, Inc.', 'NASDAQ', 19, 0.25, 0.3],
  ['MNST', 'Monster Beverage Corporation', 'NASDAQ', 108, 0.12, 0.27],
  ['IDXX', 'IDEXX Laboratories, Inc.', 'NASDAQ', 148, 0.18, 0.29],
  ['CPRT', 'Copart, Inc.', 'NASDAQ', 36, 0.2, 0.28],
  ['FAST', 'Fastenal Company', 'NASDAQ', 47, 0.1, 0.24],
  ['CTAS', 'Cintas Corporation', 'NASDAQ', 78, 0.2, 0.22],
  ['CME', 'CME Group Inc.', 'NASDAQ', 89, 0.1, 0.22],
  ['JPM', 'JPMorgan Chase & Co.', 'NYSE', 62, 0.12, 0.27],
  ['BAC', 'Bank of America Corporation', 'NYSE', 17.9, 0.09, 0.32],
  ['WFC', 'Wells Fargo & Company', 'NYSE', 54, 0.04, 0.3],
  ['C', 'Citigroup Inc.', 'NYSE', 54, 0.03, 0.34],
  ['GS', 'The Goldman Sachs Group, Inc.', 'NYSE', 193, 0.1, 0.3],
  ['MS', 'Morgan Stanley', 'NYSE', 38.9, 0.13, 0.32],
  ['AXP', 'American Express Company', 'NYSE', 92, 0.1, 0.29],
  ['BRK.B', 'Berkshire Hathaway Inc. Class B', 'NYSE', 150, 0.1, 0.18],
  ['V', 'Visa Inc.', 'NYSE', 66, 0.15, 0.23],
  ['MA', 'Mastercard Incorporated', 'NYSE', 86, 0.16, 0.25],
  ['JNJ', 'Johnson & Johnson', 'NYSE', 104, 0.06, 0.17],
  ['PFE', 'Pfizer Inc.', 'NYSE', 31, 0.03, 0.22],
  ['MRK', 'Merck & Co., Inc.', 'NYSE', 57, 0.06, 0.21],
  ['ABBV', 'AbbVie Inc.', 'NYSE', 65, 0.12, 0.27],
  ['LLY', 'Eli Lilly and Company', 'NYSE', 69, 0.22, 0.27],
  ['UNH', 'UnitedHealth Group Incorporated', 'NYSE', 101, 0.18, 0.25],
  ['TMO', 'Thermo Fisher Scientific Inc.', 'NYSE', 125, 0.16, 0.24],
  ['ABT', 'Abbott Laboratories', 'NYSE', 45, 0.1, 0.22],
  ['DHR', 'Danaher Corporation', 'NYSE', 85, 0.14, 0.23],
  ['BMY', 'Bristol-Myers Squibb Company', 'NYSE', 59, 0.02, 0.24],
  ['CVS', 'CVS Health Corporation', 'NYSE', 96, 0, 0.27],
  ['MDT', 'Medtronic plc', 'NYSE', 72, 0.04, 0.22],
  ['XOM', 'Exxon Mobil Corporation', 'NYSE', 92, 0.03, 0.27],
  ['CVX', 'Chevron Corporation', 'NYSE', 112, 0.04, 0.28],
  ['COP', 'ConocoPhillips', 'NYSE', 69, 0.06, 0.36],
  ['PG', 'The Procter & Gamble Company', 'NYSE', 91, 0.07, 0.17],
  ['KO', 'The Coca-Cola Company', 'NYSE', 42, 0.05, 0.16],
  ['WMT', 'Walmart Inc.', 'NYSE', 86, 0.1, 0.2],
  ['HD', 'The Home Depot, Inc.', 'NYSE', 105, 0.14, 0.23],
  ['LOW', "Lowe's Companies, Inc.", 'NYSE', 69, 0.15, 0.29],
  ['MCD', "McDonald's Corporation", 'NYSE', 94, 0.1, 0.19],
  ['NKE', 'NIKE, Inc.', 'NYSE', 96, 0.06, 0.28],
  ['DIS', 'The Walt Disney Company', 'NYSE', 94, 0.03, 0.27],
  ['T', 'AT&T Inc.', 'NYSE', 33.6, 0, 0.21],
  ['VZ', 'Verizon Communications Inc.', 'NYSE', 47, 0.01, 0.18],
  ['IBM', 'International Business Machines Corporation', 'NYSE', 161, 0.03, 0.24],
  ['ORCL', 'Oracle Corporation', 'NYSE', 45, 0.15, 0.27],
  ['CRM', 'Salesforce, Inc.', 'NYSE', 59, 0.14, 0.33],
  ['ACN', 'Accenture plc', 'NYSE', 89, 0.14, 0.23],
  ['NOW', 'ServiceNow, Inc.', 'NYSE', 68, 0.22, 0.35],
  ['ANET', 'Arista Networks, Inc.', 'NYSE', 61, 0.25, 0.4],
  ['TSM', 'Taiwan Semiconductor Manufacturing Company Limited', 'NYSE', 22, 0.22, 0.32],
  ['BABA', 'Alibaba Group Holding Limited', 'NYSE', 104, -0.01, 0.4],
  ['BA', 'The Boeing Company', 'NYSE', 130, 0.04, 0.38],
  ['CAT', 'Caterpillar Inc.', 'NYSE', 91, 0.14, 0.29],
  ['GE', 'GE Aerospace', 'NYSE', 25, 0.05, 0.33],
  ['MMM', '3M Company', 'NYSE', 164, 0.01, 0.24],
  ['UPS', 'United Parcel Service, Inc.', 'NYSE', 110, 0.06, 0.26],
  ['FDX', 'FedEx Corporation', 'NYSE', 174, 0.05, 0.32],
  ['LMT', 'Lockheed Martin Corporation', 'NYSE', 193, 0.09, 0.22],
  ['RTX', 'RTX Corporation', 'NYSE', 114, 0.04, 0.27],
  ['DE', 'Deere & Company', 'NYSE', 88, 0.16, 0.29],
  ['UNP', 'Union Pacific Corporation', 'NYSE', 119, 0.08, 0.25],
  ['ETN', 'Eaton Corporation plc', 'NYSE', 68, 0.14, 0.26],
  ['EMR', 'Emerson Electric Co.', 'NYSE', 62, 0.06, 0.27],
  ['ITW', 'Illinois Tool Works Inc.', 'NYSE', 95, 0.1, 0.22],
  ['GD', 'General Dynamics Corporation', 'NYSE', 138, 0.08, 0.22],
  ['NOC', 'Northrop Grumman Corporation', 'NYSE', 148, 0.12, 0.23],
  ['WM', 'Waste Management, Inc.', 'NYSE', 51, 0.13, 0.19],
  ['NEE', 'NextEra Energy, Inc.', 'NYSE', 106, 0.1, 0.21],
  ['DUK', 'Duke Energy Corporation', 'NYSE', 84, 0.05, 0.18],
  ['SO', 'The Southern Company', 'NYSE', 49, 0.06, 0.19],
  ['D', 'Dominion Energy, Inc.', 'NYSE', 77, 0.02, 0.2],
  ['SPGI', 'S&P Global Inc.', 'NYSE', 90, 0.16, 0.24],
  ['BLK', 'BlackRock, Inc.', 'NYSE', 358, 0.1, 0.27],
  ['SCHW', 'The Charles Schwab Corporation', 'NYSE', 30, 0.12, 0.33],
  ['USB', 'U.S. Bancorp', 'NYSE', 45, 0.03, 0.29],
  ['PNC', 'The PNC Financial Services Group, Inc.', 'NYSE', 91, 0.07, 0.29],
  ['COF', 'Capital One Financial Corporation', 'NYSE', 83, 0.07, 0.34],
  ['MET', 'MetLife, Inc.', 'NYSE', 54, 0.04, 0.3],
  ['AIG', 'American International Group, Inc.', 'NYSE', 56, 0.03, 0.3],
  ['CB', 'Chubb Limited', 'NYSE', 103, 0.09, 0.22],
  ['MMC', 'Marsh & McLennan Companies, Inc.', 'NYSE', 57, 0.15, 0.2],
  ['ICE', 'Intercontinental Exchange, Inc.', 'NYSE', 44, 0.12, 0.22],
  ['BX', 'Blackstone Inc.', 'NYSE', 34, 0.15, 0.34],
  ['KKR', 'KKR & Co. Inc.', 'NYSE', 23, 0.18, 0.37],
  ['MO', 'Altria Group, Inc.', 'NYSE', 49, 0.04, 0.21],
  ['PM', 'Philip Morris International Inc.', 'NYSE', 81, 0.07, 0.22],
  ['CL', 'Colgate-Palmolive Company', 'NYSE', 69, 0.05, 0.17],
  ['KMB', 'Kimberly-Clark Corporation', 'NYSE', 116, 0.03, 0.18],
  ['GIS', 'General Mills, Inc.', 'NYSE', 53, 0.03, 0.19],
  ['TGT', 'Target Corporation', 'NYSE', 76, 0.07, 0.3],
  ['F', 'Ford Motor Company', 'NYSE', 15.6, 0, 0.33],
  ['GM', 'General Motors Company', 'NYSE', 35, 0.03, 0.33],
  ['ELV', 'Elevance Health, Inc.', 'NYSE', 126, 0.12, 0.27],
  ['CI', 'The Cigna Group', 'NYSE', 103, 0.1, 0.28],
  ['HUM', 'Humana Inc.', 'NYSE', 144, 0.06, 0.3],
  ['SYK', 'Stryker Corporation', 'NYSE', 94, 0.12, 0.23],
  ['ZTS', 'Zoetis Inc.', 'NYSE', 43, 0.14, 0.25],
  ['BDX', 'Becton, Dickinson and Company', 'NYSE', 139, 0.06, 0.2],
  ['ECL', 'Ecolab Inc.', 'NYSE', 104, 0.07, 0.22],
  ['SHW', 'The Sherwin-Williams Company', 'NYSE', 263, 0.16, 0.26],
  ['APD', 'Air Products and Chemicals, Inc.', 'NYSE', 144, 0.08, 0.24],
  ['AMT', 'American Tower Corporation', 'NYSE', 99, 0.08, 0.24],
  ['PLD', 'Prologis, Inc.', 'NYSE', 43, 0.12, 0.25],
  ['SPG', 'Simon Property Group, Inc.', 'NYSE', 182, 0, 0.33],
  ['O', 'Realty Income Corporation', 'NYSE', 48, 0.03, 0.22],
  ['CMG', 'Chipotle Mexican Grill, Inc.', 'NYSE', 685, 0.15, 0.33],
  ['YUM', 'Yum! Brands, Inc.', 'NYSE', 73, 0.07, 0.23],
  ['HSY', 'The Hershey Company', 'NYSE', 104, 0.08, 0.2],
  ['EL', 'The Estée Lauder Companies Inc.', 'NYSE', 76, 0.03, 0.33],
  ['HPQ', 'HP Inc.', 'NYSE', 18, 0.06, 0.3],
  ['EOG', 'EOG Resources, Inc.', 'NYSE', 92, 0.04, 0.36],
  ['OXY', 'Occidental Petroleum Corporation', 'NYSE', 80, -0.02, 0.45],
  ['KMI', 'Kinder Morgan, Inc.', 'NYSE', 42, -0.02, 0.33],
  ['PSX', 'Phillips 66', 'NYSE', 72, 0.05, 0.33],
  ['MPC', 'Marathon Petroleum Corporation', 'NYSE', 45, 0.12, 0.37],
];

export const DIRECTORY: ReadonlyMap<string, DirectoryStock> = new Map(
  ROWS.map(([symbol, name, exchange, startPrice, drift, volatility]) => [
    symbol,
    { symbol, name, exchange, startPrice, drift, volatility },
  ]),
);

/**
 * Symbols that have since changed (Facebook became META in 2022) but name price files of the past, such as the
 * real price files of FB.
 */
const FORMER_LISTINGS: ReadonlyMap<string, { name: string; exchange: DirectoryStock['exchange'] }> = new Map([
  ['FB', { name: 'Facebook, Inc.', exchange: 'NASDAQ' }],
]);

/** Name and exchange of a symbol this directory knows, today's or a former one. */
export function knownListing(symbol: string): { name: string; exchange: string } | undefined {
  return DIRECTORY.get(symbol) ?? FORMER_LISTINGS.get(symbol);
}

/**
 * The listing exchange of a symbol: from the directory when known, else a guess from the symbol's length, since
 * NYSE symbols have traditionally had one to three letters and Nasdaq symbols four or five.
 */
export function exchangeOf(symbol: string): string {
  return knownListing(symbol)?.exchange ?? (symbol.replace(/[.-].*$/, '').length >= 4 ? 'NASDAQ' : 'NYSE');
}
