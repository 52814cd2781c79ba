import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('collections/:slug', 'routes/collection.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
