import KindredAPI
import OpenAPIURLSession
import Crypto
