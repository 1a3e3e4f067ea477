/** The provider's Insights page: bookings, class fill, new and returning clients, sales. */
export { insightsRoutes } from './insights.routes.ts';
export { insightsService } from './insights.service.ts';
