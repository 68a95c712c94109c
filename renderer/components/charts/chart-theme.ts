// The app's charts in Blueprint's colours: one palette per colour mode, so a chart sits on a
// card in the light theme and in the dark one like the rest of the app. Recharts draws them
// (the one chart library of the app); this is the only place that picks their colours.
import { Colors } from '@blueprintjs/core';
import type { ColorMode } from '../../../shared/contract/market-api.js';

export interface ChartTheme {
  /** Series colours, in the order a chart's series take them. */
  series: readonly string[];
  text: string;
  axis: string;
  grid: string;
  tooltipBackground: string;
  tooltipBorder: string;
  cursor: string;
}

const LIGHT: ChartTheme = {
  series: [Colors.BLUE3, Colors.ORANGE3, Colors.GREEN3, Colors.VIOLET3, Colors.RED3, Colors.TURQUOISE3],
  text: Colors.DARK_GRAY1,
  axis: Colors.GRAY1,
  grid: Colors.LIGHT_GRAY2,
  tooltipBackground: Colors.WHITE,
  tooltipBorder: Colors.LIGHT_GRAY1,
  cursor: Colors.LIGHT_GRAY4,
};

const DARK: ChartTheme = {
  series: [Colors.BLUE4, Colors.ORANGE4, Colors.GREEN4, Colors.VIOLET4, Colors.RED4, Colors.TURQUOISE4],
  text: Colors.LIGHT_GRAY5,
  axis: Colors.GRAY4,
  grid: Colors.DARK_GRAY5,
  tooltipBackground: Colors.DARK_GRAY2,
  tooltipBorder: Colors.DARK_GRAY5,
  cursor: Colors.DARK_GRAY4,
};

export const chartTheme = (mode: ColorMode): ChartTheme => (mode === 'dark' ? DARK : LIGHT);
