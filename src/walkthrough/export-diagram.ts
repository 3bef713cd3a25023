import { download, pngFromSvg } from '@/components/svg-file';
/** How an exported file is named: where in the story it was taken. */
export function exportFileName(step: number, fencing: boolean, format: 'svg' | 'png'): string {
  return `lockstep-step-${step}-fencing-${fencing ? 'on' : 'off'}.${format}`;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A rectangle filling the picture with the diagram's own background: white, or dark when the page was dark. */
function backgroundOf(svg: SVGSVGElement): SVGRectElement {
  const background = document.createElementNS(SVG_NAMESPACE, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(svg).getPropertyValue('--d-bg').trim() || '#ffffff');
  return background;
}

/**
 * A standalone SVG file of a diagram on the page: the diagram's own stylesheet is embedded, and a white
 * background added, so it looks the same on a slide as on the page.
 */
export async function diagramSvgFile(svg: SVGSVGElement): Promise<string> {
  // Compiled, so its class names are the ones the diagram's elements carry.
  const { default: css } = await import('@/story/diagram.module.css?inline');
  // The serializer declares the SVG namespace on the root itself (an xmlns attribute set here came out twice in jsdom).
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('role');
  const label = copy.getAttribute('aria-label');
  copy.removeAttribute('aria-label');
  const title = document.createElementNS(SVG_NAMESPACE, 'title');
  title.textContent = label ?? 'Lockstep sequence diagram';
  const style = document.createElementNS(SVG_NAMESPACE, 'style');
  style.textContent = css;
  copy.prepend(title, style, backgroundOf(svg));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** Style properties the diagram uses that SVG also accepts as presentation attributes. */
const PRESENTATION = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'opacity',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
] as const;

/**
 * The diagram as an image can draw it under the page's Content-Security-Policy: an image made from a blob: URL
 * inherits the policy, which refuses a <style> element, so each element's computed style is written onto it
 * as presentation attributes instead, which no policy restricts.
 */
function diagramForImage(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const computed = getComputedStyle(original);
    for (const property of PRESENTATION) copies[index]?.setAttribute(property, computed.getPropertyValue(property));
  });
  copy.prepend(backgroundOf(svg));
  return new XMLSerializer().serializeToString(copy);
}

/** The same picture as a PNG at twice the on-screen size, sharp enough for a projector. */
export function diagramPngFile(svg: SVGSVGElement): Promise<Blob> {
  const width = svg.viewBox.baseVal.width || svg.width.baseVal.value;
  const height = svg.viewBox.baseVal.height || svg.height.baseVal.value;
  return pngFromSvg(diagramForImage(svg), width, height);
}

export { download };
