//! Every organisation route over HTTP, against DynamoDB Local and moto: files go
//! through real presigned uploads to moto's S3 and are checked by the server.

mod common;
mod company;
mod departments;
mod files;
mod landing;
mod theme;
