import { STOCK_TEXT } from './messages';
import { useMarketDataInfo } from './useStockData';

/** While the demo provider is active, say plainly that prices are simulated (docs/product.md#market-data). */
export function DemoNotice() {
  const { data } = useMarketDataInfo();
  if (data?.provider !== 'demo') return null;
  return (
    <p className="demo-notice" role="note">
      {STOCK_TEXT.demoNotice}
    </p>
  );
}
