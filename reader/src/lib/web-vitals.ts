import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Sends each web-vitals measurement to the configured analytics endpoint with sendBeacon. */
export function reportWebVitals(endpoint: string): void {
  const send = (metric: Metric) => {
    const body = JSON.stringify({
      name: metric.name,
      value: metric.value,
      rating: metric.rating,
      delta: metric.delta,
      id: metric.id,
      navigationType: metric.navigationType,
      page: window.location.pathname,
    });
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(endpoint, body); // a string goes as text/plain, which needs no CORS preflight
  };
  onCLS(send);
  onINP(send);
  onLCP(send);
  onFCP(send);
  onTTFB(send);
}
